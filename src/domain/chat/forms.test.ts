import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_FIELD_MESSAGE } from "../input-safety";
import { CHAT_PRIVACY_CLAUSE, type ChatForm, chatForms, checkChatForm } from "./forms";
import { queueMessage } from "./texts";

describe("chat forms", () => {
  it("names every problem of an empty pre-chat form with the contact form's messages", () => {
    expect(checkChatForm(chatForms.prechat, {}).errors).toEqual({
      name: "Pole wymagane",
      topic: "Wybierz jedną z możliwości",
      question: "Pole wymagane",
    });
  });

  it("asks for no consent: the forms that take personal data inform and link the policy instead", () => {
    const forms: ChatForm[] = Object.values(chatForms);
    for (const form of forms) expect(form.fields.some((f) => f.type === "checkbox")).toBe(false);
    expect(chatForms.prechat.informs && chatForms.ticket.informs).toBe(true);
    expect(chatForms.postchat.informs).toBe(false);
    expect(CHAT_PRIVACY_CLAUSE).toContain("art. 6 ust. 1 lit. b i f RODO");
  });

  it("checks patterns and lengths, and keeps only the form's own fields, trimmed", () => {
    const { errors, values } = checkChatForm(chatForms.prechat, {
      name: " Ewa ",
      email: "ewa@",
      topic: "Aukcje",
      question: "x".repeat(1001),
      consent: true,
      extra: "nie",
    });
    expect(errors).toEqual({
      email: "Email jest nieprawidłowy",
      question: "Pole przyjmuje maksymalnie 1000 znaków",
    });
    expect(values).toMatchObject({ name: "Ewa", topic: "Aukcje" });
    expect(values).not.toHaveProperty("consent");
    expect(values).not.toHaveProperty("extra");
    expect(checkChatForm(chatForms.prechat, { name: "E1" }).errors.name).toBe(
      "Pole może zawierać tylko litery",
    );
    expect(checkChatForm(chatForms.prechat, { name: "E" }).errors.name).toBe("Pole wymaga minimum 2 znaków");
    // An invisible control character is named as such at its field, with the way out.
    const pasted = checkChatForm(chatForms.prechat, { name: "Ewa\u0000", question: "abc\u001b" }).errors;
    expect(pasted.name).toBe(CONTROL_CHARACTER_FIELD_MESSAGE);
    expect(pasted.question).toBe(CONTROL_CHARACTER_FIELD_MESSAGE);
    expect(checkChatForm(chatForms.prechat, { topic: "Pogoda" }).errors.topic).toBe(
      "Wybierz jedną z możliwości",
    );
  });

  it("takes a rating of 1 to 5 only; the comment is optional", () => {
    expect(checkChatForm(chatForms.postchat, { rating: 5 })).toEqual({
      errors: {},
      values: { rating: 5, comment: "" },
    });
    for (const rating of [0, 6, 2.5, "5", null]) {
      expect(checkChatForm(chatForms.postchat, { rating }).errors.rating).toBe("Wybierz ocenę od 1 do 5");
    }
  });

  it("survives input that is not an object", () => {
    expect(Object.keys(checkChatForm(chatForms.ticket, "tekst").errors)).toEqual([
      "name",
      "email",
      "message",
    ]);
    expect(Object.keys(checkChatForm(chatForms.ticket, null).errors)).toHaveLength(3);
  });

  it("tells the place in the queue in Polish ('około' takes the genitive)", () => {
    expect(queueMessage(1, 1)).toBe("Jesteś 1. w kolejce. Przewidywany czas oczekiwania: około 1 minuty.");
    expect(queueMessage(2, 6)).toBe("Jesteś 2. w kolejce. Przewidywany czas oczekiwania: około 6 minut.");
  });
});
