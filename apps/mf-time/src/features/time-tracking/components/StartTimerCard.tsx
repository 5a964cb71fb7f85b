import { useEffect, useState } from 'react';
import { EnvironmentOutlined, PlayCircleFilled } from '@ant-design/icons';
import { Button, Card, Flex, Input, Select, Typography } from 'antd';
import type { ProjectDto } from '@zunft/contracts';
import { useTimeT } from '../../../shared/i18n';

interface Props {
  projects: ProjectDto[];
  loading: boolean;
  /** `?project=` of the URL */
  initialProjectId: string | null;
  starting: boolean;
  locating: boolean;
  onStart: (projectId: string, description: string) => Promise<boolean>;
}

export function projectLabel(p: Pick<ProjectDto, 'title' | 'project_number' | 'customer_name'>): string {
  return `${p.title} · ${p.project_number}${p.customer_name ? ` (${p.customer_name})` : ''}`;
}

/** Start form (part 1 §2): project required, the start button stays disabled without one. */
export function StartTimerCard({ projects, loading, initialProjectId, starting, locating, onStart }: Props) {
  const t = useTimeT();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [description, setDescription] = useState('');

  useEffect(() => {
    if (initialProjectId && projects.some((p) => p.id === initialProjectId)) setProjectId(initialProjectId);
  }, [initialProjectId, projects]);

  const submit = async () => {
    if (!projectId) return;
    if (await onStart(projectId, description)) setDescription('');
  };

  return (
    <Card title={t('timeTracking.startTitle')} style={{ marginBottom: 16 }}>
      <Flex vertical gap={12}>
        <label>
          <Typography.Text strong>{t('timeTracking.project')}</Typography.Text>
          <Select
            size="large"
            style={{ width: '100%', marginTop: 4 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={loading}
            placeholder={t('timeTracking.projectPlaceholder')}
            aria-label={t('timeTracking.project')}
            notFoundContent={t('timeTracking.noProjects')}
            value={projectId}
            onChange={setProjectId}
            options={projects.map((p) => ({ value: p.id, label: projectLabel(p) }))}
          />
        </label>
        <label>
          <Typography.Text strong>{t('timeTracking.description')}</Typography.Text>
          <Input
            size="large"
            style={{ marginTop: 4 }}
            placeholder={t('timeTracking.descriptionPlaceholder')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={2000}
          />
        </label>
        <Button
          type="primary"
          size="large"
          block
          icon={<PlayCircleFilled />}
          disabled={!projectId}
          loading={starting}
          onClick={() => void submit()}
          style={{ height: 56, fontSize: 18 }}
        >
          {locating ? t('timeTracking.locating') : t('timeTracking.start')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <EnvironmentOutlined /> {t('timeTracking.locationHint')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
