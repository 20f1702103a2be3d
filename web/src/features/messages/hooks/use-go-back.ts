import { useLocation } from 'wouter';

/** Back to the previous page of this tab, or home when the page was opened directly (nothing to go back to). */
export function useGoBack(): () => void {
  const [, navigate] = useLocation();
  return () => (window.history.length > 1 ? window.history.back() : navigate('/'));
}
