import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { createCraftsmanCategoryRequestSchema, translateValidationMessage } from '@zunft/contracts';
import { currentLanguage, toast, toastFailure, useErrorToast } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { useCraftsmanCategoriesQuery, useCreateCraftsmanCategory } from '../api/useUsers';

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/**
 * Craft area select (GET /users/craftsman-categories) with a way to add a new area
 * (POST /users/craftsman-categories) that is selected right away. Used as an antd form control.
 */
export function CraftsmanCategoryField({ id, value, onChange }: Props) {
  const t = useAdminT();
  const categories = useCraftsmanCategoriesQuery();
  useErrorToast(categories, t('users.toasts.categoriesLoadError'));
  const create = useCreateCraftsmanCategory();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const options = (categories.data ?? []).map((c) => ({ value: c.name, label: c.name }));
  // A stored value that is no longer in the list stays visible and selectable.
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });

  const add = () => {
    const parsed = createCraftsmanCategoryRequestSchema.safeParse({ name });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      // The schema's German message, in the UI language (server catalogue, as the form rules do).
      if (message) void translateValidationMessage(message, currentLanguage()).then(setNameError);
      else setNameError(null);
      return;
    }
    create.mutate(parsed.data.name, {
      onSuccess: (created) => {
        toast.success(t('users.toasts.categoryCreated'));
        onChange?.(created.name);
        setAdding(false);
        setName('');
        setNameError(null);
      },
      onError: (error) => toastFailure(error, t('users.toasts.categoryError')),
    });
  };

  const cancelAdding = () => {
    setAdding(false);
    setName('');
    setNameError(null);
  };

  return (
    <Flex vertical gap={8}>
      <Select
        id={id}
        style={{ width: '100%' }}
        value={value ?? undefined}
        onChange={(next: string | undefined) => onChange?.(next ?? null)}
        options={options}
        placeholder={t('users.form.craftPlaceholder')}
        loading={categories.isLoading}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
      />
      {adding ? (
        <Flex vertical gap={8}>
          <Input
            autoFocus
            value={name}
            maxLength={100}
            status={nameError ? 'error' : undefined}
            placeholder={t('users.form.newCraftPlaceholder')}
            aria-label={t('users.form.newCraftPlaceholder')}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
            onPressEnter={(event) => {
              // Enter must not submit the surrounding user form.
              event.preventDefault();
              add();
            }}
          />
          {nameError ? (
            <Typography.Text type="danger" style={{ fontSize: 13 }}>
              {nameError}
            </Typography.Text>
          ) : null}
          <Flex gap={8} justify="flex-end">
            <Button onClick={cancelAdding}>{t('common.cancel')}</Button>
            <Button type="primary" icon={<PlusOutlined />} loading={create.isPending} onClick={add}>
              {t('users.form.addCraft')}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Button
          type="link"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          style={{ alignSelf: 'flex-start', paddingInline: 0 }}
        >
          {t('users.form.newCraft')}
        </Button>
      )}
    </Flex>
  );
}
