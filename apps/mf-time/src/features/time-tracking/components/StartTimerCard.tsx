import { useEffect, useState } from 'react';
import { EnvironmentOutlined, PlayCircleFilled } from '@ant-design/icons';
import { Button, Card, Flex, Input, Typography } from 'antd';
import type { ProjectDto } from '@zunft/contracts';
import { useTimeT } from '../../../shared/i18n';
import { useProjectQuery } from '../../projects/api/useProjects';
import { ProjectSelect, type ProjectChoice } from '../../projects/components/ProjectSelect';
import { startableProjects } from './recentProjects';

interface Props {
  /** `?project=` of the URL */
  initialProjectId: string | null;
  starting: boolean;
  locating: boolean;
  onStart: (project: ProjectChoice, description: string) => Promise<boolean>;
}

export function projectLabel(
  p: Pick<ProjectDto, 'title' | 'project_number'> & { customer_name?: string | null },
): string {
  return `${p.title} · ${p.project_number}${p.customer_name ? ` (${p.customer_name})` : ''}`;
}

/**
 * Start form (part 1 §2): project required, the start button stays disabled without one. The
 * project select searches the server (first 20 matches, open projects first); offline it searches
 * the projects already loaded (ProjectSelect).
 */
export function StartTimerCard({ initialProjectId, starting, locating, onStart }: Props) {
  const t = useTimeT();
  const [project, setProject] = useState<ProjectChoice | null>(null);
  const [description, setDescription] = useState('');
  // `?project=` preselects once the caller may read that project.
  const initial = useProjectQuery(initialProjectId);

  useEffect(() => {
    if (initial.data) setProject(initial.data);
  }, [initial.data]);

  const submit = async () => {
    if (!project) return;
    if (await onStart(project, description)) setDescription('');
  };

  return (
    <Card title={t('timeTracking.startTitle')} style={{ marginBottom: 16 }}>
      <Flex vertical gap={12}>
        <label>
          <Typography.Text strong>{t('timeTracking.project')}</Typography.Text>
          <ProjectSelect
            size="large"
            style={{ width: '100%', marginTop: 4 }}
            label={projectLabel}
            order={startableProjects}
            known={[project, initial.data]}
            placeholder={t('timeTracking.projectPlaceholder')}
            aria-label={t('timeTracking.project')}
            notFoundContent={t('timeTracking.noProjects')}
            value={project?.id ?? null}
            onChange={(_, chosen) => setProject(chosen)}
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
          disabled={!project}
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
