import type { FastifyInstance } from "fastify";
import type { ChatLive } from "../chat/service";
import type { OpenApiRegistry } from "../http/openapi";
import type { Services } from "../service-types";
import { accountsApi } from "./accounts";
import { alertsApi } from "./alerts";
import { auctionsApi } from "./auctions";
import { calculatorApi } from "./calculator";
import { chatApi } from "./chat";
import { consentApi } from "./consent";
import { contactApi } from "./contact";
import { contentApi } from "./content";
import { leaseApplicationApi } from "./lease-application";
import { offerImagesApi } from "./offer-images";
import { offerManagementApi } from "./offer-management";
import { offersApi } from "./offers";
import { privacyApi } from "./privacy";

export interface ApiContext {
  services: Services;
  docs: OpenApiRegistry;
  /** The chat's live side (made by attachChatHub after the services): who is online, pushing changes. */
  chatLive: ChatLive;
}

/** One plugin per area (spec section 7); each registers its routes with apiRoute(). */
export type ApiPlugin = (api: FastifyInstance, ctx: ApiContext) => Promise<void> | void;

export const apiPlugins: ApiPlugin[] = [
  contentApi,
  offerImagesApi,
  calculatorApi,
  contactApi,
  consentApi,
  accountsApi,
  privacyApi,
  offersApi,
  auctionsApi,
  alertsApi,
  leaseApplicationApi,
  offerManagementApi,
  chatApi,
];
