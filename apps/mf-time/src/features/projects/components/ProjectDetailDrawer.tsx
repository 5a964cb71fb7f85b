import { useState } from 'react';
import { CloseOutlined, EditOutlined, FieldTimeOutlined, ToolOutlined, UserAddOutlined } from '@ant-design/icons';
import { Avatar, Button, Descriptions, Drawer, Empty, Flex, List, Select, Space, Tag, Typography } from 'antd';
import type { ProjectDto } from '@zunft/contracts';
import { LinkButton, useIsMobile } from '@zunft/ui-kit';
import { formatCHF, toast, useSession, useT, toastFailure } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';
import { useAssignment, useCompanyUsersQuery } from '../api/useProjects';
import { ProjectBillingSummary } from './ProjectBillingSummary';
import { STATUS_COLORS, formatPeriod } from './projectHelpers';

interface Props {
  project: ProjectDto | null;
  onClose: () => void;
  onEdit: (project: ProjectDto) => void;
  onDelete: (project: ProjectDto) => Promise<unknown>;
}

const initialsOf = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';

/** The project's detail view (instead of the spec's placeholder 'Projekt-Modal wird implementiert'): facts and team. */
export function ProjectDetailDrawer({ project, onClose, onEdit, onDelete }: Props) {
  const t = useTimeT();
  const { t: tc } = useT('common');
  const { isBackoffice } = useSession();
  const isMobile = useIsMobile();
  const users = useCompanyUsersQuery(project !== null && isBackoffice);
  const assignment = useAssignment();
  const [selected, setSelected] = useState<string | null>(null);

  const assigned = new Set(project?.assigned_users.map((u) => u.id) ?? []);
  const candidates = (users.data ?? [])
    .filter((u) => u.is_active && !assigned.has(u.id))
    .map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name}`.trim() || u.email }));

  const change = async (userId: string, assign: boolean) => {
    if (!project) return;
    try {
      await assignment.mutateAsync({ projectId: project.id, userId, assign });
      toast.success(assign ? t('projects.toast.assigned') : t('projects.toast.unassigned'));
      setSelected(null);
    } catch (error) {
      toastFailure(error, t('projects.toast.assignError'));
    }
  };

  return (
    <Drawer
      open={project !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 520}
      title={project?.title}
      extra={project ? <Tag color={STATUS_COLORS[project.status]}>{t(`projects.status.${project.status}`)}</Tag> : null}
    >
      {project ? (
        <Flex vertical gap={20}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('projects.detail.number')}>{project.project_number}</Descriptions.Item>
            <Descriptions.Item label={t('projects.detail.customer')}>
              {project.customer_name}
              {project.customer_city ? `, ${project.customer_city}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('projects.detail.period')}>
              {formatPeriod(project, t('projects.periodOpen'))}
            </Descriptions.Item>
            <Descriptions.Item label={t('projects.detail.budget')}>
              {project.budget === null ? '–' : formatCHF(project.budget)}
            </Descriptions.Item>
            <Descriptions.Item label={t('projects.detail.description')}>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {project.description || '–'}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>

          <Flex gap={8} wrap="wrap">
            <LinkButton to={`/time-tracking?project=${project.id}`} icon={<FieldTimeOutlined />}>
              {t('projects.links.timeTracking')}
            </LinkButton>
            {isBackoffice ? (
              <LinkButton to={`/materials?project=${project.id}`} icon={<ToolOutlined />}>
                {t('projects.links.materials')}
              </LinkButton>
            ) : null}
          </Flex>

          {isBackoffice ? <ProjectBillingSummary projectId={project.id} /> : null}

          <div>
            <Typography.Title level={5}>{t('projects.detail.team')}</Typography.Title>
            {project.assigned_users.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.detail.noTeam')} />
            ) : (
              <List
                dataSource={project.assigned_users}
                renderItem={(u) => {
                  const name = `${u.first_name} ${u.last_name}`.trim();
                  return (
                    <List.Item
                      actions={
                        isBackoffice
                          ? [
                              <Button
                                key="remove"
                                type="text"
                                icon={<CloseOutlined />}
                                aria-label={t('projects.detail.unassign', { name })}
                                loading={assignment.isPending && assignment.variables?.userId === u.id}
                                onClick={() => void change(u.id, false)}
                              />,
                            ]
                          : []
                      }
                    >
                      <List.Item.Meta
                        avatar={<Avatar>{initialsOf(u.first_name, u.last_name)}</Avatar>}
                        title={name}
                        description={tc(`roles.${u.role}`)}
                      />
                    </List.Item>
                  );
                }}
              />
            )}
            {isBackoffice ? (
              <Space.Compact block style={{ marginTop: 12 }}>
                <Select
                  style={{ flex: 1 }}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('projects.detail.assignPlaceholder')}
                  aria-label={t('projects.detail.assignPlaceholder')}
                  options={candidates}
                  loading={users.isPending}
                  value={selected}
                  onChange={setSelected}
                />
                <Button
                  type="primary"
                  icon={<UserAddOutlined />}
                  disabled={!selected}
                  loading={assignment.isPending && assignment.variables?.assign === true}
                  onClick={() => selected && void change(selected, true)}
                >
                  {t('projects.detail.assign')}
                </Button>
              </Space.Compact>
            ) : null}
          </div>

          {isBackoffice ? (
            <Flex gap={8} justify="flex-end">
              <Button icon={<EditOutlined />} onClick={() => onEdit(project)}>
                {t('common.edit')}
              </Button>
              <DeleteButton
                block
                question={t('projects.deleteConfirm', { name: project.title })}
                onConfirm={() => onDelete(project)}
              />
            </Flex>
          ) : null}
        </Flex>
      ) : null}
    </Drawer>
  );
}
