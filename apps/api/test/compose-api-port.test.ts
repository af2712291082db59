import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../src/config";

/**
 * compose.yaml keeps the API's port off every network but the private one, and believes the
 * visitor's address (X-Forwarded-For) only from the web server (issue 45 item 5;
 * docs/deployment.md, "The API's port"): whatever could connect from an address TRUST_PROXY names
 * could claim a new address for every try and never meet a per-address limit.
 */

interface ComposeService {
  ports?: unknown[];
  expose?: unknown[];
  network_mode?: string;
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  environment?: Record<string, string>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
}

const compose = parse(readFileSync(new URL("../../../compose.yaml", import.meta.url), "utf8"), {
  merge: true,
}) as ComposeFile;
const { api, web } = compose.services;

/** The networks a service is on, with its fixed address on each (if any). */
function networksOf(service: ComposeService | undefined): Record<string, string | undefined> {
  const networks = service?.networks ?? ["default"];
  if (Array.isArray(networks)) return Object.fromEntries(networks.map((name) => [name, undefined]));
  return Object.fromEntries(
    Object.entries(networks).map(([name, settings]) => [name, settings?.ipv4_address]),
  );
}

describe("compose.yaml's API", () => {
  it("publishes no port, and listens only on its address on an internal network", () => {
    expect(api?.ports).toBeUndefined();
    expect(api?.expose).toBeUndefined();
    expect(api?.network_mode).toBeUndefined();
    const host = api?.environment?.API_HOST;
    const [listensOn] = Object.entries(networksOf(api)).filter(([, address]) => address === host);
    expect(listensOn, `API_HOST ${host} is not the API's fixed address on one of its networks`).toBeDefined();
    expect(compose.networks?.[listensOn![0]]?.internal).toBe(true);
  });

  it("believes X-Forwarded-For from the web server's address there, and from nothing else", () => {
    const host = api?.environment?.API_HOST;
    const [privateNetwork] = Object.entries(networksOf(api)).find(([, address]) => address === host) ?? [];
    const webAddress = privateNetwork ? networksOf(web)[privateNetwork] : undefined;
    expect(webAddress).toBeDefined();
    expect(loadConfig({ TRUST_PROXY: api?.environment?.TRUST_PROXY }).TRUST_PROXY).toEqual([webAddress]);
    expect(web?.environment?.API_URL).toBe(`http://api:${api?.environment?.API_PORT}`);
  });
});
