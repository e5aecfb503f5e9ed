/** The token of an "Authorization: Bearer {token}" header, or undefined. */
export const bearerToken = (authorization: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
