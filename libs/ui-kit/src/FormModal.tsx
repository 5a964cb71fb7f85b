import { Modal, type FormInstance, type ModalProps } from 'antd';
import { useIsMobile } from './useIsMobile';

export interface FormModalProps extends Omit<ModalProps, 'onOk' | 'width' | 'destroyOnHidden' | 'forceRender'> {
  /** The dialog's form: OK submits it (antd validates first, then calls the form's onFinish). */
  form: FormInstance;
  /** Width in px from the md breakpoint up; phones get the full width. */
  width: number;
}

/**
 * The dialog around a create/edit form: OK submits the form, phones get the full width. Rendered
 * while closed (`forceRender`), so the form instance is connected when the caller's reset-on-open
 * effect fills it.
 */
export function FormModal({ form, width, ...props }: FormModalProps) {
  const isMobile = useIsMobile();
  return <Modal {...props} onOk={() => form.submit()} width={isMobile ? '100%' : width} destroyOnHidden forceRender />;
}
