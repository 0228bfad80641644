/** The first failed check of a form: its message and the fields to mark invalid. */
export interface FormError<F extends string = string> {
  message: string;
  fields: F[];
}
