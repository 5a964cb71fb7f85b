import type { CSSProperties } from 'react';
import { FileTextOutlined, WarningOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import type { ScheduleAssignmentDto } from '@zunft/contracts';
import { zunftColors } from '@zunft/ui-kit';
import { formatDate } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { projectLabel, timeWindowText } from './scheduleHelpers';

interface Props {
  assignment: ScheduleAssignmentDto;
  /** Office: the chip is a button that opens the edit dialog. */
  onOpen?: (assignment: ScheduleAssignmentDto) => void;
  /** Shown above the project (phone list of the office: who is planned). */
  employeeName?: string;
}

const base: CSSProperties = {
  position: 'relative',
  display: 'block',
  width: '100%',
  textAlign: 'left',
  borderRadius: 8,
  padding: '6px 8px',
  fontSize: 13,
  lineHeight: 1.35,
  font: 'inherit',
  color: zunftColors.ink,
};

/** Read by screen readers, not shown. */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Narrow day columns: long German words are hyphenated ('Verkaufs-laden', with the page's lang)
 * rather than cut anywhere, and a long title stops after three lines (the full one is the tooltip).
 */
const wrapWords: CSSProperties = {
  overflowWrap: 'break-word',
  hyphens: 'auto',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
};

/**
 * One planned assignment: project number and title, the time window or 'Ganzer Tag', the customer;
 * the note as tooltip; a conflict is red with a warning icon and the word 'Konflikt'.
 */
export function AssignmentChip({ assignment: a, onOpen, employeeName }: Props) {
  const t = useTimeT();
  const style: CSSProperties = {
    ...base,
    border: `1px solid ${a.conflict ? zunftColors.error : zunftColors.border}`,
    borderLeft: `4px solid ${a.conflict ? zunftColors.error : zunftColors.primary}`,
    background: a.conflict ? '#fdecea' : zunftColors.primaryLight,
    cursor: onOpen ? 'pointer' : 'default',
  };
  const body = (
    <>
      {employeeName ? (
        <Typography.Text strong style={{ display: 'block', fontSize: 13 }}>
          {employeeName}
        </Typography.Text>
      ) : null}
      <span style={{ display: 'block', fontSize: 12, color: zunftColors.muted }}>{a.project_number}</span>
      <span style={{ display: 'block', fontWeight: 600, ...wrapWords }} title={a.project_title}>
        {a.project_title}
      </span>
      <span style={{ display: 'block', color: zunftColors.muted }}>
        {timeWindowText(a, t('scheduling.wholeDay'))}
        {a.note ? <FileTextOutlined style={{ marginLeft: 6 }} aria-label={t('scheduling.form.note')} /> : null}
      </span>
      <span style={{ display: 'block', color: zunftColors.muted, ...wrapWords }}>{a.customer_name}</span>
      {a.conflict ? (
        <span
          style={{ display: 'block', color: zunftColors.error, fontWeight: 600 }}
          title={t('scheduling.conflictHint')}
        >
          <WarningOutlined /> {t('scheduling.conflict')}
        </span>
      ) : null}
    </>
  );
  const chip = onOpen ? (
    <button
      type="button"
      style={style}
      data-testid="assignment-chip"
      data-conflict={a.conflict ? 'true' : 'false'}
      onClick={(event) => {
        // The cell behind the chip opens the create dialog; the chip opens its own.
        event.stopPropagation();
        onOpen(a);
      }}
    >
      {/* Named by text, not aria-label: an aria-label that leaves out visible words (the customer)
          fails WCAG 2.5.3 'label in name'. The visible lines repeat it and stay out of the name. */}
      <span style={visuallyHidden}>
        {t('scheduling.openAssignment', {
          project: projectLabel(a),
          date: formatDate(a.work_date),
          time: timeWindowText(a, t('scheduling.wholeDay')),
        })}
      </span>
      <span aria-hidden="true">{body}</span>
    </button>
  ) : (
    <div style={style} data-testid="assignment-chip" data-conflict={a.conflict ? 'true' : 'false'}>
      {body}
    </div>
  );
  return a.note ? (
    <Tooltip title={a.note} placement="top">
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
