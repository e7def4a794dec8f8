import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setApiNavigate } from '@rifaria/shared/api-client';

/** Lets the API client's 401 handler navigate inside the SPA instead of reloading the page. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => setApiNavigate((to) => navigate(to, { replace: true })), [navigate]);
  return null;
}
