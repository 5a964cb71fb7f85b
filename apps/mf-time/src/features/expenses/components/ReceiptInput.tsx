import { useRef, useState, type CSSProperties } from 'react';
import { CameraOutlined, CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { EXPENSE_LIMITS } from '@zunft/contracts';
import { useTimeT } from '../../../shared/i18n';
import { useIsMobile } from '@zunft/ui-kit';

// The native input stays in the page (labelled 'Beleg', focusable, used by screen readers and
// tests) but is drawn as the button below, whose text is in the user's language: the browser's own
// 'Choose File / No file chosen' follows the operating system, not Zunft's language.
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

interface Props {
  /** Set by Form.Item, so the label 'Beleg' belongs to the file input. */
  id?: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  hintId?: string;
}

/**
 * A native file input (labelled, usable by keyboard, screen readers and Playwright), shown as a
 * button with our own text. On a phone the accept list names image types, so the browser offers
 * the camera as well as files.
 */
export function ReceiptInput({ id, value, onChange, hintId }: Props) {
  const t = useTimeT();
  const isMobile = useIsMobile();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const clear = () => {
    if (input.current) input.current.value = '';
    onChange?.(null);
  };
  return (
    <Flex vertical gap={4} style={{ position: 'relative' }}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={
          isMobile ? 'image/*,application/pdf' : `${EXPENSE_LIMITS.receiptAccept},image/jpeg,image/png,application/pdf`
        }
        aria-describedby={hintId}
        onChange={(event) => onChange?.(event.target.files?.[0] ?? null)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        style={visuallyHidden}
      />
      {/* The visible control; the input above is what keyboard and screen readers use. */}
      <Button
        icon={isMobile ? <CameraOutlined /> : <PaperClipOutlined />}
        onClick={() => input.current?.click()}
        tabIndex={-1}
        aria-hidden
        style={{ alignSelf: 'flex-start', ...(focused ? { outline: '2px solid #1f5fae', outlineOffset: 2 } : {}) }}
      >
        {isMobile ? t('expenses.fields.pickReceiptMobile') : t('expenses.fields.pickReceipt')}
      </Button>
      {value ? (
        <Flex align="center" gap={4} wrap="wrap">
          <PaperClipOutlined aria-hidden />
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>
            {t('expenses.fields.selectedFile', { name: value.name })}
          </Typography.Text>
          <Button size="small" type="text" icon={<CloseOutlined />} onClick={clear}>
            {t('expenses.fields.clearFile')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
