import { useState } from 'react';
import { EditOutlined, HistoryOutlined, RightOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Card, Col, Empty, List, Modal, Row, Typography } from 'antd';
import { OPERATIONS_LIMITS } from '@zunft/contracts';
import { useTimeT } from '../../../shared/i18n';
import type { ProjectChoice } from '../../projects/components/ProjectSelect';
import { projectLabel } from './StartTimerCard';
import { useIsMobile } from '@zunft/ui-kit';

interface Props {
  /** Projects of the quick-start list (first 5). */
  quickStart: ProjectChoice[];
  /** Projects of the most recent entries. */
  recent: ProjectChoice[];
  /** Hidden while a timer runs (only one timer at a time). */
  canStart: boolean;
  onStart: (project: ProjectChoice, source: 'quick' | 'recent') => Promise<boolean>;
  onManual: () => void;
}

function Tile({
  icon,
  title,
  hint,
  onClick,
  color,
  compact,
}: {
  compact: boolean;
  icon: React.ReactNode;
  title: string;
  hint: string;
  onClick: () => void;
  color: string;
}) {
  return (
    <Card hoverable style={{ height: '100%' }} styles={{ body: { padding: compact ? '12px 6px' : 16 } }}>
      <button
        type="button"
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
        style={{
          all: 'unset',
          boxSizing: 'border-box',
          display: 'flex',
          flexDirection: compact ? 'column' : 'row',
          textAlign: compact ? 'center' : 'left',
          gap: compact ? 6 : 12,
          alignItems: 'center',
          width: '100%',
          minHeight: compact ? 72 : undefined,
          cursor: 'pointer',
        }}
      >
        <span
          style={{
            fontSize: 24,
            color,
            display: 'grid',
            placeItems: 'center',
            width: 44,
            height: 44,
            borderRadius: 12,
            background: `${color}14`,
          }}
        >
          {icon}
        </span>
        <span style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ display: 'block', fontSize: compact ? 13 : undefined }}>
            {title}
          </Typography.Text>
          {compact ? null : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {hint}
            </Typography.Text>
          )}
        </span>
      </button>
    </Card>
  );
}

/** Tiles Schnellstart / Manuell / Letzte Projekte (part 1 §2); quick start lists the first 5 projects. */
export function TimerTiles({ quickStart, recent, canStart, onStart, onManual }: Props) {
  const t = useTimeT();
  const compact = useIsMobile();
  const [picker, setPicker] = useState<'quick' | 'recent' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = picker === 'quick' ? quickStart.slice(0, OPERATIONS_LIMITS.quickStartProjects) : recent;

  const pick = async (project: ProjectChoice) => {
    if (!picker) return;
    setBusy(project.id);
    const ok = await onStart(project, picker);
    setBusy(null);
    if (ok) setPicker(null);
  };

  return (
    <>
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {canStart ? (
          <Col xs={8}>
            <Tile
              icon={<ThunderboltOutlined />}
              color="#1f5fae"
              title={t('timeTracking.tiles.quickStart')}
              hint={t('timeTracking.tiles.quickStartHint')}
              onClick={() => setPicker('quick')}
              compact={compact}
            />
          </Col>
        ) : null}
        <Col xs={8}>
          <Tile
            icon={<EditOutlined />}
            color="#722ed1"
            title={t('timeTracking.tiles.manual')}
            hint={t('timeTracking.tiles.manualHint')}
            onClick={onManual}
            compact={compact}
          />
        </Col>
        {canStart ? (
          <Col xs={8}>
            <Tile
              icon={<HistoryOutlined />}
              color="#389e0d"
              title={t('timeTracking.tiles.recent')}
              hint={t('timeTracking.tiles.recentHint')}
              onClick={() => setPicker('recent')}
              compact={compact}
            />
          </Col>
        ) : null}
      </Row>
      <Modal
        open={picker !== null}
        title={picker === 'recent' ? t('timeTracking.tiles.recent') : t('timeTracking.tiles.quickStart')}
        footer={null}
        onCancel={() => setPicker(null)}
      >
        {list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timeTracking.noProjects')} />
        ) : (
          <List
            dataSource={list}
            renderItem={(p) => (
              <List.Item style={{ padding: 0 }}>
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void pick(p)}
                  style={{
                    all: 'unset',
                    boxSizing: 'border-box',
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    width: '100%',
                    minHeight: 56,
                    padding: '8px 4px',
                    cursor: busy ? 'progress' : 'pointer',
                    opacity: busy && busy !== p.id ? 0.5 : 1,
                  }}
                >
                  <span>
                    <Typography.Text strong>{p.title}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {projectLabel({ ...p, title: '' }).replace(/^ · /, '')}
                    </Typography.Text>
                  </span>
                  <RightOutlined />
                </button>
              </List.Item>
            )}
          />
        )}
      </Modal>
    </>
  );
}
