interface FormAlertProps {
  id: string;
  message: string | null;
}

/** The form-level error: an alert region that is always present, so it is announced. */
export function FormAlert({ id, message }: FormAlertProps) {
  return (
    <div
      id={id}
      role="alert"
      className={
        message
          ? 'rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'
          : 'sr-only'
      }
    >
      {message}
    </div>
  );
}
