import { toast } from '../components/ui/toast/toast-store.ts';
import { serverMessage } from './api-client.ts';

/** A refused request as a toast: the server's message when it gave one, else the shared "{status}: {text}" rule. */
export function toastFailure(title: string, error: unknown): void {
  const description = serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
  toast({ title, description, variant: 'destructive' });
}
