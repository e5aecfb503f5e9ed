import { type AppLoadContext, data } from "react-router";
import {
  fillFields,
  type PolicyKind,
  type PolicyValues,
  policyVersionPath,
  versionOfSegment,
} from "../../../domain/policies";

/**
 * What a policy's page shows: the version in force, or at /…/wersja-N that version (404 for one that
 * does not exist), its sections with the fields in braces filled in from the literals, and the list
 * of every version.
 */
export async function loadPolicyPage(context: AppLoadContext, kind: PolicyKind, segment: string | undefined) {
  const { policies, content, config } = context.services;
  const asked = segment === undefined ? null : versionOfSegment(segment);
  if (segment !== undefined && asked === null) throw data("Nie ma takiej wersji.", { status: 404 });
  const [shown, versions, literals] = await Promise.all([
    asked === null ? policies.current(kind) : policies.version(kind, asked),
    policies.list(kind),
    content.literals(),
  ]);
  if (!shown) throw data("Nie ma takiej wersji.", { status: 404 });
  const values: PolicyValues = {
    companyName: literals.CompanyName,
    companyAddress: literals.CompanyAddress,
    companyRegistry: literals.CompanyRegistry,
    contactEmail: literals.ContactEmail,
    contactPhone: literals.ContactPhone,
  };
  return {
    publicUrl: config.publicUrl,
    /** The page's own address: a version's, when one was asked for. */
    path: asked === null ? null : policyVersionPath(kind, asked),
    shown: { version: shown.version, createdAt: shown.createdAt },
    sections: Object.fromEntries(Object.entries(shown.sections).map(([k, t]) => [k, fillFields(t, values)])),
    versions,
  };
}
