import { useEffect, useState } from 'react';
import { EnvironmentOutlined, PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, InputNumber, Modal, Tag, Typography } from 'antd';
import { OPERATIONS_LIMITS, type TimeEntryDto } from '@zunft/contracts';
import { toast } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useTimeT } from '../../../shared/i18n';
import {
  breakMinutesOf,
  endPause,
  formatElapsed,
  loadPause,
  savePause,
  startPause,
  workedMs,
  type PauseState,
} from './timer';

interface Props {
  entry: TimeEntryDto;
  stopping: boolean;
  onStop: (breakMinutes: number) => Promise<boolean>;
  /** A timer started without reception: it runs on this phone until it is stopped and synced. */
  offline?: boolean;
}

/** Re-renders every second (part 1 §9: the display ticks every 1 s). */
function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** 'Timer läuft' with project, HH:MM:SS, a real pause (accrues break minutes) and Stop. */
export function RunningTimerBanner({ entry, stopping, onStop, offline = false }: Props) {
  const t = useTimeT();
  const now = useNow();
  const [pause, setPause] = useState<PauseState>(() => loadPause(entry.id));
  const [asking, setAsking] = useState(false);
  const [breakMinutes, setBreakMinutes] = useState(0);
  const paused = pause.pausedAt !== null;

  useEffect(() => setPause(loadPause(entry.id)), [entry.id]);

  const update = (next: PauseState) => {
    setPause(next);
    savePause(entry.id, next);
  };

  const togglePause = () => {
    if (paused) {
      update(endPause(pause, Date.now()));
      toast.info(t('timeTracking.toast.resumed'));
    } else {
      update(startPause(pause, Date.now()));
      toast.info(t('timeTracking.toast.paused'));
    }
  };

  const askStop = () => {
    setBreakMinutes(Math.max(entry.break_minutes, breakMinutesOf(pause, Date.now())));
    setAsking(true);
  };

  const confirmStop = async () => {
    if (await onStop(breakMinutes)) setAsking(false);
  };

  const accent = paused ? '#d48806' : '#389e0d';

  return (
    <Card
      role="status"
      aria-live="polite"
      style={{ borderColor: accent, background: paused ? '#fffbe6' : '#f6ffed', marginBottom: 16 }}
      styles={{ body: { padding: 'clamp(14px, 3vw, 24px)' } }}
    >
      <Flex justify="space-between" align="center" gap={16} wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Flex align="center" gap={8}>
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: '50%', background: accent, display: 'inline-block' }}
            />
            <Typography.Text strong style={{ color: accent }}>
              {paused ? t('timeTracking.paused') : t('timeTracking.running')}
            </Typography.Text>
            {entry.start_latitude !== null ? <EnvironmentOutlined style={{ color: '#8a96a6' }} /> : null}
            {offline ? <Tag color="orange">{t('timeTracking.offline.mark')}</Tag> : null}
          </Flex>
          <Typography.Title level={4} style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }}>
            {entry.project_title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {entry.project_number}
            {entry.description ? ` · ${entry.description}` : ''}
          </Typography.Text>
          {pause.accruedMs > 0 || paused ? (
            <div>
              <Tag color="gold" style={{ marginTop: 6 }}>
                {t('timeTracking.breakSoFar', { minutes: breakMinutesOf(pause, now) })}
              </Tag>
            </div>
          ) : null}
        </div>
        <div
          data-testid="timer-elapsed"
          style={{
            fontSize: 'clamp(2.2rem, 1.6rem + 3vw, 3rem)',
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            letterSpacing: 1,
            color: paused ? zunftColors.muted : '#1d2733',
          }}
        >
          {formatElapsed(workedMs(entry.start_time, pause, now))}
        </div>
      </Flex>
      <Flex gap={12} style={{ marginTop: 16 }}>
        <Button
          size="large"
          icon={paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
          onClick={togglePause}
          style={{ flex: 1, height: 56 }}
        >
          {paused ? t('timeTracking.resume') : t('timeTracking.pause')}
        </Button>
        <Button
          size="large"
          type="primary"
          danger
          icon={<StopOutlined />}
          onClick={askStop}
          loading={stopping}
          style={{ flex: 2, height: 56, fontSize: 18 }}
        >
          {t('timeTracking.stop')}
        </Button>
      </Flex>
      <Modal
        open={asking}
        title={t('timeTracking.stopTitle')}
        okText={t('timeTracking.stopConfirm')}
        okButtonProps={{ danger: true, size: 'large' }}
        cancelButtonProps={{ size: 'large' }}
        cancelText={t('common.cancel')}
        confirmLoading={stopping}
        onOk={() => void confirmStop()}
        onCancel={() => setAsking(false)}
      >
        <Form layout="vertical">
          <Form.Item label={t('timeTracking.breakMinutes')} htmlFor="stop-break-minutes">
            <InputNumber<number>
              id="stop-break-minutes"
              min={0}
              max={OPERATIONS_LIMITS.maxBreakMinutes}
              precision={0}
              size="large"
              inputMode="numeric"
              value={breakMinutes}
              onChange={(v) => setBreakMinutes(v ?? 0)}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
