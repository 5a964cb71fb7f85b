import { useId } from 'react';
import { Flex, Switch, Typography } from 'antd';

interface Props {
  label: string;
  /** A short explanation under the label, read out with the switch (aria-describedby). */
  hint?: string;
  checked?: boolean;
  onChange?: (value: boolean) => void;
  disabled?: boolean;
}

/** A switch with its label on the left, used as an antd form control; the whole row is the click target on phones. */
export function SwitchRow({ label, hint, checked, onChange, disabled }: Props) {
  const hintId = useId();
  return (
    <Flex
      component="label"
      justify="space-between"
      align="center"
      gap={16}
      style={{ cursor: 'pointer', minHeight: 40 }}
    >
      {hint ? (
        <Flex vertical>
          <span>{label}</span>
          <Typography.Text type="secondary" id={hintId}>
            {hint}
          </Typography.Text>
        </Flex>
      ) : (
        <span>{label}</span>
      )}
      <Switch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
      />
    </Flex>
  );
}
