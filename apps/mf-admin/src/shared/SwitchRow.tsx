import { Flex, Switch } from 'antd';

interface Props {
  label: string;
  checked?: boolean;
  onChange?: (value: boolean) => void;
  disabled?: boolean;
}

/** A switch with its label on the left, used as an antd form control; the whole row is the click target on phones. */
export function SwitchRow({ label, checked, onChange, disabled }: Props) {
  return (
    <Flex
      component="label"
      justify="space-between"
      align="center"
      gap={16}
      style={{ cursor: 'pointer', minHeight: 40 }}
    >
      <span>{label}</span>
      <Switch checked={checked} onChange={onChange} disabled={disabled} aria-label={label} />
    </Flex>
  );
}
