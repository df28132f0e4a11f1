import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  /** The control, given the ids of its hint and error for `aria-describedby`. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A labelled form control with its hint and its error under it, both tied to the control for screen readers. */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {hint && (
        <span id={hintId} className="form-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="form-field__error">
          {error}
        </span>
      )}
    </div>
  );
}
