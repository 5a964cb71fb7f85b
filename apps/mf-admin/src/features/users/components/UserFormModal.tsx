import { useEffect } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Col, DatePicker, Divider, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import {
  DEFAULT_EMPLOYMENT,
  employmentFields,
  type EmploymentDto,
  LANGUAGES,
  ROLES,
  createUserRequestSchema,
  updateUserRequestSchema,
  type CreateUserRequest,
  type Language,
  type Role,
  type UpdateUserRequest,
  type UserDto,
} from '@zunft/contracts';
import { SwitchRow } from '../../../shared/SwitchRow';
import { useAdminT } from '../../../shared/i18n';
import { CraftsmanCategoryField } from './CraftsmanCategoryField';
import { zodRule } from '@zunft/ui-kit';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  role: Role;
  craftsmanCategory?: string | null;
  hourlyRate?: number | null;
  isActive: boolean;
  /** Create only (PUT /users/{id} does not change it): every word the new user sees. */
  language?: Language;
  /** Edit only (issue 24): the working-time account's contract figures. */
  pensum?: number | null;
  weekly_hours?: number | null;
  holiday_days_per_year?: number | null;
  employment_start?: string | null;
}

export type UserFormResult =
  { mode: 'create'; body: CreateUserRequest } | { mode: 'edit'; id: string; body: UpdateUserRequest };

interface Props {
  open: boolean;
  /** null: create a new user. */
  user: UserDto | null;
  saving: boolean;
  /** The company's language: the new user's language unless the admin picks another. */
  companyLanguage?: Language;
  onCancel(): void;
  onSubmit(result: UserFormResult): void;
}

const fields = createUserRequestSchema.shape;

function initialValues(user: UserDto | null, companyLanguage: Language | undefined): UserFormValues {
  if (!user)
    return {
      language: companyLanguage,
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      role: 'employee',
      craftsmanCategory: null,
      hourlyRate: null,
      isActive: true,
    };
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    role: user.role,
    craftsmanCategory: user.craftsman_category,
    hourlyRate: user.hourly_rate,
    isActive: user.is_active,
    language: user.language ?? companyLanguage,
    ...employmentValues(user),
  };
}

/** The user's contract figures; an answer without them (older server) shows the defaults. */
function employmentValues(user: UserDto & Partial<EmploymentDto>) {
  return {
    pensum: user.pensum ?? DEFAULT_EMPLOYMENT.pensum,
    weekly_hours: user.weekly_hours ?? DEFAULT_EMPLOYMENT.weekly_hours,
    holiday_days_per_year: user.holiday_days_per_year ?? DEFAULT_EMPLOYMENT.holiday_days_per_year,
    employment_start: user.employment_start ?? user.created_at.slice(0, 10),
  };
}

const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/** Create/edit dialog (part 2 §3 "User", §5 "User form"); validation with the contracts schemas. */
export function UserFormModal({ open, user, saving, companyLanguage, onCancel, onSubmit }: Props) {
  const t = useAdminT();
  const [form] = Form.useForm<UserFormValues>();
  const role = Form.useWatch('role', form);
  const isCreate = user === null;

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(user, companyLanguage));
  }, [open, user, companyLanguage, form]);

  const finish = (values: UserFormValues) => {
    const common = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      role: values.role,
      // The craft area belongs to employees only (part 2 §5); other roles clear it.
      craftsmanCategory: values.role === 'employee' ? (values.craftsmanCategory ?? null) : null,
      hourlyRate: values.hourlyRate ?? null,
      isActive: values.isActive,
    };
    if (isCreate) {
      // No language chosen (company language unknown): the server gives the company's.
      const language = values.language ? { language: values.language } : {};
      const parsed = createUserRequestSchema.safeParse({ ...common, password: values.password, ...language });
      if (parsed.success) onSubmit({ mode: 'create', body: parsed.data });
    } else {
      const language = values.language ? { language: values.language } : {};
      // PUT /users/{id} takes the employment fields next to the others (snake_case, as the contract names them).
      const parsed = updateUserRequestSchema.safeParse({
        ...common,
        ...language,
        pensum: values.pensum ?? undefined,
        weekly_hours: values.weekly_hours ?? undefined,
        holiday_days_per_year: values.holiday_days_per_year ?? undefined,
        employment_start: values.employment_start ?? undefined,
      });
      if (parsed.success) onSubmit({ mode: 'edit', id: user.id, body: parsed.data });
    }
  };

  return (
    <Modal
      open={open}
      title={isCreate ? t('users.form.createTitle') : t('users.form.editTitle')}
      okText={isCreate ? t('users.form.create') : t('users.form.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      mask={{ closable: !saving }}
      afterClose={() => form.resetFields()}
      forceRender
      width={640}
    >
      <Form<UserFormValues> form={form} layout="vertical" onFinish={finish} requiredMark="optional" disabled={saving}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="firstName" label={t('users.form.firstName')} required rules={[zodRule(fields.firstName)]}>
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lastName" label={t('users.form.lastName')} required rules={[zodRule(fields.lastName)]}>
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="email" label={t('users.form.email')} required rules={[zodRule(fields.email)]}>
          <Input type="email" inputMode="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        {isCreate ? (
          <Form.Item
            name="password"
            label={t('users.form.password')}
            required
            extra={t('users.form.passwordHint')}
            rules={[zodRule(fields.password)]}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
        ) : null}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="role" label={t('users.form.role')} required rules={[zodRule(fields.role)]}>
              <Select options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="hourlyRate" label={t('users.form.hourlyRate')} rules={[zodRule(fields.hourlyRate)]}>
              <InputNumber<number>
                min={0}
                step={0.01}
                precision={2}
                prefix="CHF"
                style={{ width: '100%' }}
                inputMode="decimal"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="language"
          label={t('users.form.language')}
          extra={isCreate ? t('users.form.languageHint') : undefined}
          rules={[zodRule(fields.language)]}
        >
          <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} />
        </Form.Item>
        {role === 'employee' ? (
          <Form.Item name="craftsmanCategory" label={t('users.form.craft')} rules={[zodRule(fields.craftsmanCategory)]}>
            <CraftsmanCategoryField />
          </Form.Item>
        ) : null}
        <Form.Item name="isActive" valuePropName="checked" extra={t('users.form.isActiveHint')}>
          <SwitchRow label={t('users.form.isActive')} />
        </Form.Item>
        {isCreate ? null : (
          <>
            <Divider titlePlacement="start" plain>
              {t('users.employment.title')}
            </Divider>
            <Row gutter={16}>
              <Col xs={12} sm={6}>
                <Form.Item
                  name="pensum"
                  label={t('users.employment.pensum')}
                  rules={[zodRule(employmentFields.pensum)]}
                >
                  <InputNumber<number>
                    min={1}
                    max={100}
                    step={5}
                    suffix={t('users.employment.percentUnit')}
                    style={{ width: '100%' }}
                    inputMode="decimal"
                  />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item
                  name="weekly_hours"
                  label={t('users.employment.weeklyHours')}
                  rules={[zodRule(employmentFields.weekly_hours)]}
                >
                  <InputNumber<number>
                    min={1}
                    max={50}
                    step={0.25}
                    suffix={t('users.employment.hoursUnit')}
                    style={{ width: '100%' }}
                    inputMode="decimal"
                  />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item
                  name="holiday_days_per_year"
                  label={t('users.employment.holidayDays')}
                  tooltip={t('users.employment.holidayHint')}
                  rules={[zodRule(employmentFields.holiday_days_per_year)]}
                >
                  <InputNumber<number> min={0} max={60} step={0.5} style={{ width: '100%' }} inputMode="decimal" />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item
                  name="employment_start"
                  label={t('users.employment.employmentStart')}
                  rules={[zodRule(employmentFields.employment_start)]}
                  {...dateItemProps}
                >
                  <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} allowClear={false} />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
      </Form>
    </Modal>
  );
}
