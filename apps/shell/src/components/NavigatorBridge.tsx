import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '@zunft/web-common';

/** Lets the API client (outside React) navigate with the router instead of reloading the page. */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}
