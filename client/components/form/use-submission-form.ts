import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { SUCCESS_DELAY_MS } from '../../../shared/constants';
import { t } from '../../../shared/messages';
import { errorsByField, validationMessage } from '../../../shared/schemas/fields';
import { readServerError } from '../../lib/server-error';
import { useToast } from '../../lib/toasts';

export type FormValues = Record<string, string | string[]>;
export type FormStatus = 'idle' | 'pending' | 'success';
/** The names of the fields of V whose value is a T. */
export type FieldKey<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export interface SubmissionFormOptions<V extends FormValues, S extends z.ZodType> {
  schema: S;
  initialValues: V;
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

export interface SubmissionForm<V extends FormValues> {
  id: string;
  values: V;
  errors: Partial<Record<keyof V & string, string>>;
  /** The form-level message of a failed validation ('Please fill in all required fields'). */
  summary: string | null;
  failure: { title?: string; message: string } | null;
  status: FormStatus;
  successMessage: string;
  setValue<K extends keyof V & string>(name: K, value: V[K]): void;
  toggleChoice(name: keyof V & string, option: string, checked: boolean): void;
  handleSubmit(event: FormEvent<HTMLFormElement>): void;
  fieldId(name: string): string;
  errorId(name: string): string;
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
export function useSubmissionForm<V extends FormValues, S extends z.ZodType>(
  options: SubmissionFormOptions<V, S>,
): SubmissionForm<V> {
  const { schema, initialValues, submit, successMessage, failureTitle, failureFallback, redirectTo, onSuccess } =
    options;
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, string>>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title?: string; message: string } | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');
  // A ref, not state: two clicks in the same frame both see the old state.
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const [focusFirstError, setFocusFirstError] = useState(0);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => {
      if (redirectTo) navigate(redirectTo);
      else setStatus('idle');
    }, SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, redirectTo, navigate]);

  useEffect(() => {
    if (focusFirstError === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  const clearFieldError = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as keyof V & string];
      return next;
    });
  }, []);

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      clearFieldError(name);
    },
    [clearFieldError],
  );

  const toggleChoice = useCallback(
    (name: keyof V & string, option: string, checked: boolean) => {
      setValues((current) => {
        const list = (current[name] as string[]).filter((v) => v !== option);
        return { ...current, [name]: checked ? [...list, option] : list };
      });
      clearFieldError(name);
    },
    [clearFieldError],
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    if (inFlight.current || status !== 'idle') return;
    setFailure(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error.issues) as typeof errors);
      setSummary(validationMessage(parsed.error.issues));
      setFocusFirstError((n) => n + 1);
      return;
    }
    setErrors({});
    setSummary(null);
    inFlight.current = true;
    setStatus('pending');
    submit(parsed.data)
      .then(() => {
        setValues(initialValues);
        setStatus('success');
        onSuccess?.();
      })
      .catch((error: unknown) => {
        const server = readServerError(error);
        const message = server.message ?? failureFallback;
        setErrors(server.fieldErrors as typeof errors);
        setFailure({ title: failureTitle, message });
        toast.error(message);
        setStatus('idle');
        if (Object.keys(server.fieldErrors).length > 0) setFocusFirstError((n) => n + 1);
      })
      .finally(() => {
        inFlight.current = false;
      });
  };

  return {
    id,
    values,
    errors,
    summary,
    failure,
    status,
    successMessage,
    setValue,
    toggleChoice,
    handleSubmit,
    fieldId: (name) => `${id}-${name}`,
    errorId: (name) => `${id}-${name}-error`,
  };
}
