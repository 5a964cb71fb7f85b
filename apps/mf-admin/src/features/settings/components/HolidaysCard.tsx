import { useState } from 'react';
import { DeleteOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, Card, Checkbox, DatePicker, Flex, Form, Input, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { createHolidayRequestSchema, type HolidayDto } from '@zunft/contracts';
import { LoadError, zodRule } from '@zunft/ui-kit';
import { formatDate, serverErrorText, toast, toastFailure, useErrorToast } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { useCreateHoliday, useDeleteHoliday, useHolidaysQuery } from '../api/holidays.api';

interface Values {
  date: string | null;
  name: string;
  half_day: boolean;
}

const fields = createHolidayRequestSchema.shape;
const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/**
 * The public holidays of a year (issue 24): the canton's days come with the product, the company
 * adds its own local days (and deletes them again). They count for targets, absences and surcharges.
 */
export function HolidaysCard() {
  const t = useAdminT();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [form] = Form.useForm<Values>();
  const holidays = useHolidaysQuery(year);
  const create = useCreateHoliday();
  const remove = useDeleteHoliday();
  useErrorToast(holidays, t('settings.workingTime.holidays.loadError'));

  const add = async (values: Values) => {
    try {
      await create.mutateAsync({ date: values.date ?? '', name: values.name, half_day: values.half_day });
      toast.success(t('settings.workingTime.holidays.added'));
      form.resetFields();
    } catch (error) {
      toastFailure(error, t('settings.workingTime.holidays.addError'));
    }
  };
  const onDelete = async (holiday: HolidayDto) => {
    if (!holiday.id) return;
    try {
      await remove.mutateAsync(holiday.id);
      toast.success(t('settings.workingTime.holidays.deleted'));
    } catch (error) {
      toastFailure(error, t('settings.workingTime.holidays.deleteError'));
    }
  };

  let list;
  if (holidays.isPending) list = <Skeleton active />;
  else if (holidays.isError)
    list = (
      <LoadError
        title={t('settings.workingTime.holidays.loadError')}
        detail={serverErrorText(holidays.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void holidays.refetch()}
      />
    );
  else
    list = (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {holidays.data.map((h) => (
          <li
            key={`${h.date}-${h.id ?? h.name}`}
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 8,
              padding: '8px 0',
              borderBottom: '1px solid #f0f0f0',
            }}
          >
            <Flex gap={8} wrap="wrap" align="center" style={{ minWidth: 0 }}>
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDate(h.date)}</span>
              <Typography.Text strong>{h.name}</Typography.Text>
              {h.half_day ? <Tag>{t('settings.workingTime.holidays.halfDay')}</Tag> : null}
              <Tag color={h.source === 'company' ? 'blue' : 'default'}>
                {t(`settings.workingTime.holidays.source.${h.source}`)}
              </Tag>
            </Flex>
            {h.source === 'company' && h.id ? (
              <Popconfirm
                title={t('settings.workingTime.holidays.deleteConfirm', { name: h.name })}
                okText={t('settings.workingTime.holidays.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(h)}
              >
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('settings.workingTime.holidays.delete')}
                  title={t('settings.workingTime.holidays.delete')}
                />
              </Popconfirm>
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <Card
      title={t('settings.workingTime.holidays.title', { year })}
      style={{ marginTop: 16 }}
      extra={
        <Flex gap={4}>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('settings.workingTime.holidays.previousYear')}
            title={t('settings.workingTime.holidays.previousYear')}
            onClick={() => setYear((y) => y - 1)}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t('settings.workingTime.holidays.nextYear')}
            title={t('settings.workingTime.holidays.nextYear')}
            onClick={() => setYear((y) => y + 1)}
          />
        </Flex>
      }
    >
      <Flex vertical gap={16} style={{ maxWidth: 880 }}>
        {list}
        <Form<Values>
          form={form}
          name="company-holiday"
          layout="vertical"
          onFinish={(values) => void add(values)}
          initialValues={{ date: null, name: '', half_day: false }}
          disabled={create.isPending}
        >
          <Typography.Text strong>{t('settings.workingTime.holidays.addTitle')}</Typography.Text>
          <Flex gap={8} wrap="wrap" align="flex-end" style={{ marginTop: 8 }}>
            <Form.Item
              name="date"
              label={t('settings.workingTime.holidays.date')}
              rules={[zodRule(fields.date)]}
              style={{ marginBottom: 0, flex: '0 1 160px' }}
              {...dateItemProps}
            >
              <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="name"
              label={t('settings.workingTime.holidays.name')}
              rules={[zodRule(fields.name)]}
              style={{ marginBottom: 0, flex: '1 1 200px' }}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="half_day" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox>{t('settings.workingTime.holidays.halfDayLabel')}</Checkbox>
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={create.isPending}>
              {t('settings.workingTime.holidays.add')}
            </Button>
          </Flex>
        </Form>
      </Flex>
    </Card>
  );
}
