/** The lead forms' validation messages (spec section 5), used by lead-forms.ts's schemas. */
export const MSG = {
  required: "Pole wymagane",
  email: "Email jest nieprawidłowy",
  phone: "Numer telefonu jest nieprawidłowy",
  consent: "Zgoda jest wymagana",
  captcha: "Potwierdź, że nie jesteś robotem",
  callBackPhone: "Podaj numer w poprawnej formie",
  name: "Pole może zawierać tylko litery",
  surname: "Pole może zawierać tylko litery i myślnik",
  /** The spec's summary line, with its typo 'czerownym' corrected. */
  summary: "Formularz został źle wypełniony, prosimy o poprawienie pól zaznaczonych kolorem czerwonym.",
} as const;
