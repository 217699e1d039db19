import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useSearchParams } from 'wouter';
import type { z } from 'zod';
import { SUBMISSION_TYPES, SUCCESS_DELAY_MS, type SubmissionType } from '../../../shared/constants';
import { FORM_ECHO_KEY, type FormEcho, formAction, SENT_PARAM } from '../../../shared/form-echo';
import { getLocale, t } from '../../../shared/messages';
import { useNavigate } from '../../lib/navigation';
import { readServerError } from '../../lib/server-error';
import { useToast } from '../../lib/toasts';
import { blankValues, type FormSchema, type SchemaForm, useSchemaForm } from './schema-form';

/** `saved`: no answer came, and the form is kept on the phone to be sent once online. */
export type FormStatus = 'idle' | 'pending' | 'success' | 'saved';

export interface SubmissionFormOptions<S extends FormSchema> {
  /** Which form: its REST path is the HTML form's action, for a post before the script loads. */
  kind: SubmissionType;
  submit: (data: z.output<S>) => Promise<unknown>;
  successMessage: string;
  /** Heading of the inline failure notice, e.g. 'Registration failed'. */
  failureTitle?: string;
  /** Shown when the server gave no message of its own. */
  failureFallback: string;
  /** Where to go once the success message has shown for SUCCESS_DELAY_MS; without it the form just resets. */
  redirectTo?: string;
  onSuccess?: () => void;
}

export interface SubmissionForm<V extends FieldValues, O = V> extends SchemaForm<V, O> {
  /** The form's REST path, where the HTML form posts before the page's script has loaded. */
  action: string;
  /** `retry` when no answer came (offline): the notice then offers to send again. */
  failure: { title?: string; message: string; retry?: boolean } | null;
  status: FormStatus;
  successMessage: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/** The spec's texts of the volunteer, partner and advocate applications. */
export const applicationTexts = () => ({
  successMessage: t('form.applicationSuccess'),
  failureTitle: t('form.registrationFailed'),
  failureFallback: t('form.registrationFallback'),
});

/** A fresh UUID v4; `randomUUID` needs a secure context, which a plain-HTTP address is not. */
const newClientId = (): string =>
  crypto.randomUUID?.() ??
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
  );

/**
 * Keeps a form that got no answer on the phone (client/offline/form-outbox.ts, loaded with the form);
 * false when it cannot be kept (the code did not load, no storage).
 */
async function keepOnPhone(path: string, body: Record<string, unknown>, clientId: string): Promise<boolean> {
  try {
    const { keepForm } = await import('../../offline/form-sync');
    return await keepForm({ clientId, path, body, savedAt: new Date().toISOString(), language: getLocale() });
  } catch {
    return false;
  }
}

/** The form's post refused without the script, if the server rendered this page to show it (once). */
function useRefusedPost(kind: SubmissionType): FormEcho | undefined {
  const queryClient = useQueryClient();
  const [echo] = useState(() => {
    const found = queryClient.getQueryData<FormEcho>(FORM_ECHO_KEY);
    return found?.kind === kind ? found : undefined;
  });
  useEffect(() => {
    if (echo) queryClient.removeQueries({ queryKey: FORM_ECHO_KEY });
  }, [echo, queryClient]);
  return echo;
}

/**
 * The one behaviour of every public form: validate with the shared
 * schema, send once (a second click while pending is ignored), show field errors from either
 * side, toast a failure, and after success reset, show the message and redirect after the delay.
 * Before the page's script has loaded the same form posts as HTML; the server's answer (the page
 * with `?sent=`, or with the refused post) starts the form in the state it describes.
 */
export function useSubmissionForm<S extends FormSchema>(
  schema: S,
  options: SubmissionFormOptions<S>,
): SubmissionForm<z.input<S>, z.output<S>> {
  const { kind, submit, successMessage, failureTitle, failureFallback, redirectTo, onSuccess } = options;
  const refused = useRefusedPost(kind);
  const [search] = useSearchParams();
  const form = useSchemaForm(schema, {
    // The client id is no field: the form gives it at sending (a blank one would be refused).
    defaultValues: { ...blankValues(schema), ...refused?.values, clientId: undefined } as DefaultValues<z.input<S>>,
    refused: refused?.errors,
  });
  const navigate = useNavigate();
  const toast = useToast();
  const [failure, setFailure] = useState<SubmissionForm<z.input<S>>['failure']>(
    refused ? { title: failureTitle, message: refused.message } : null,
  );
  const [status, setStatus] = useState<FormStatus>(() =>
    SUBMISSION_TYPES.find((type) => type === search.get(SENT_PARAM)) === kind ? 'success' : 'idle',
  );
  // A ref, not state: two submits in the same frame both see the old state.
  const inFlight = useRef(false);
  // One id per filled form: sent again as it is (Retry, a second tap) it is stored once; changed, it
  // is another form with an id of its own.
  const sending = useRef<{ values: string; clientId: string } | undefined>(undefined);

  // The outbox's code comes with the form, so a form sent once the phone is offline can be kept.
  useEffect(() => {
    void import('../../offline/form-sync').catch(() => undefined);
  }, []);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => {
      if (redirectTo) navigate(redirectTo);
      else setStatus('idle');
    }, SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, redirectTo, navigate]);

  const send = async (data: z.output<S>) => {
    setStatus('pending');
    const values = JSON.stringify(data);
    if (sending.current?.values !== values) sending.current = { values, clientId: newClientId() };
    const { clientId } = sending.current;
    const body = { ...data, clientId };
    // Kept on the phone for sending once online (client/offline/form-sync.ts); the form is free again.
    const kept = async () => {
      if (!(await keepOnPhone(formAction(kind), body, clientId))) return false;
      sending.current = undefined;
      form.methods.reset();
      setStatus('saved');
      return true;
    };
    // Offline, the call would wait in this page's memory, and be lost with the tab.
    if (!navigator.onLine && (await kept())) return;
    try {
      await submit(body);
      sending.current = undefined;
      form.methods.reset();
      setStatus('success');
      onSuccess?.();
    } catch (error) {
      const server = readServerError(error);
      // No answer (the connection dropped): the same.
      if (server.status === undefined && (await kept())) return;
      const message = server.message ?? failureFallback;
      setFailure({ title: failureTitle, message, retry: server.status === undefined });
      toast.error(message);
      setStatus('idle');
      form.showServerErrors(server.fieldErrors);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A form kept on the phone leaves the form free for the next one.
    if (inFlight.current || (status !== 'idle' && status !== 'saved')) return;
    inFlight.current = true;
    setFailure(null);
    void form.methods
      .handleSubmit(send)(event)
      .finally(() => {
        inFlight.current = false;
      });
  };

  return { ...form, action: formAction(kind), failure, status, successMessage, onSubmit };
}
