import type { Socket } from "socket.io";
import { findInputProblem, inputProblemText } from "../../domain/input-safety";
import { badRequest } from "./errors";

/**
 * The live hubs' events obey the rule every input obeys (domain/input-safety.ts): an event whose
 * arguments carry a control character or a number beyond the database's integers is not handled; its
 * acknowledgement, when it has one, gets the API's 400 naming the field, so the sender is not left
 * waiting for an answer.
 */
export function refuseUnsafeEvents(socket: Socket): void {
  socket.use((packet, next) => {
    const args = packet.slice(1);
    const ack = typeof args.at(-1) === "function" ? (args.pop() as (answer: unknown) => void) : undefined;
    for (const arg of args) {
      const problem = findInputProblem(arg);
      if (problem) {
        ack?.(badRequest(inputProblemText(problem)).body());
        return;
      }
    }
    next();
  });
}
