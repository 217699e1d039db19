import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { SUCCESS_DELAY_MS } from '../../../shared/constants';
import { t } from '../../../shared/messages';
import { useNavigate } from '../../lib/navigation';
import { readServerError } from '../../lib/server-error';
import { useToast } from '../../lib/toasts';
import { type FormSchema, type SchemaForm, useSchemaForm } from './schema-form';

export type FormStatus = 'idle' | 'pending' | 'success';

export interface SubmissionFormOptions<S extends FormSchema> {
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
  failure: { title?: string; message: string } | null;
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

/**
 * The one behaviour of every public form (SPEC sections 4, 5 and 8): validate with the shared
 * schema, send once (a second click while pending is ignored), show field errors from either
 * side, toast a failure, and after success reset, show the message and redirect after the delay.
 */
export function useSubmissionForm<S extends FormSchema>(
  schema: S,
  options: SubmissionFormOptions<S>,
): SubmissionForm<z.input<S>, z.output<S>> {
  const { submit, successMessage, failureTitle, failureFallback, redirectTo, onSuccess } = options;
  const form = useSchemaForm(schema);
  const navigate = useNavigate();
  const toast = useToast();
  const [failure, setFailure] = useState<{ title?: string; message: string } | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');
  // A ref, not state: two submits in the same frame both see the old state.
  const inFlight = useRef(false);

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
    try {
      await submit(data);
      form.methods.reset();
      setStatus('success');
      onSuccess?.();
    } catch (error) {
      const server = readServerError(error);
      const message = server.message ?? failureFallback;
      setFailure({ title: failureTitle, message });
      toast.error(message);
      setStatus('idle');
      form.showServerErrors(server.fieldErrors);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || status !== 'idle') return;
    inFlight.current = true;
    setFailure(null);
    void form.methods
      .handleSubmit(send)(event)
      .finally(() => {
        inFlight.current = false;
      });
  };

  return { ...form, failure, status, successMessage, onSubmit };
}
