/**
 * The bearer token in an `Authorization` header, or an empty string. The scheme's name is
 * case-insensitive (RFC 7235 section 2.1, so `bearer` and `BEARER` are `Bearer`), and the token is
 * RFC 6750's b64token.
 */
export function bearerTokenIn(header: string | undefined): string {
  return /^bearer +([0-9a-zA-Z\-._~+/]+=*)$/i.exec(header ?? "")?.[1] ?? "";
}
