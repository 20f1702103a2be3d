import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';

/** A failed call: the server's message when it gave one, else the shared "{status}: {text}" rule. */
export function toastFailure(title: string, error: unknown): void {
  const description = serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
  toast({ title, description, variant: 'destructive' });
}
