import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A router link that looks like an antd button: one interactive element (an `<a href>`), so screen
 * readers announce a link and the browser still offers "open in new tab".
 */
export function LinkButton({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        void navigate(to);
      }}
    />
  );
}
