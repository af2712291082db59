// The processes of the load run, as a small deployment would run them on one machine:
//
//   visitors ──► nginx :public ──► web 1, web 2 ──► nginx :internal ──► API 1, API 2 ──► PostgreSQL
//
// The web servers reach the APIs through a second nginx listener (an internal load balancer),
// not each a fixed API: that is how replicas reach a service in a real deployment, and a web
// server keeps working when one API process dies. Everything runs as an ordinary process with its
// own files in one temporary folder; `stop()` ends every process and removes the folder.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { couldNotSendRequestResponse } from "@kindred/domain";

export interface Ports {
  /** nginx, where visitors connect. */
  public: number;
  /** nginx, where the web servers reach the APIs. */
  internal: number;
  web: [number, number];
  api: [number, number];
}

export function portsFrom(base: number): Ports {
  return { public: base, internal: base + 1, web: [base + 2, base + 3], api: [base + 4, base + 5] };
}

export const oauthClient = { id: "kindred-web-load", secret: "load-run-client-secret-0123456789abcdef" };

/** One process of the deployment: how to start it, and how to tell that it is ready. */
export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  readyUrl: string;
}

export class Service {
  child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  constructor(
    readonly spec: ServiceSpec,
    private readonly logFile: string,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    const log = openSync(this.logFile, "a");
    const child = spawn(this.spec.command, this.spec.args, {
      cwd: this.spec.cwd,
      env: this.spec.env,
      stdio: ["ignore", log, log],
    });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
  }

  /** Waits until the ready address answers 2xx (or the process stops, or two minutes pass). */
  async ready(): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (!this.running) {
        throw new Error(`${this.spec.name} stopped while starting; see ${this.logFile}`);
      }
      try {
        const response = await fetch(this.spec.readyUrl, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.spec.name} was not ready at ${this.spec.readyUrl} within two minutes`);
  }

  /** Starts the service (again after a crash, as a supervisor would); resolves when it is ready. */
  async restart(): Promise<void> {
    this.start();
    await this.ready();
  }

  /** `kill -9`: the process gets no chance to finish anything. */
  async crash(): Promise<void> {
    if (!this.running) return;
    this.child?.kill("SIGKILL");
    await this.exited;
  }

  /** Asks the process to stop; kills it if it has not within five seconds. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child?.kill("SIGTERM");
    const timer = setTimeout(() => this.child?.kill("SIGKILL"), 5000);
    await this.exited;
    clearTimeout(timer);
  }

  /** For the exit handler: no waiting possible there. */
  killNow(): void {
    if (this.running) this.child?.kill("SIGKILL");
  }
}

/**
 * nginx's configuration. Connections to upstreams are kept open (keepalive) but for less time
 * than Node's servers keep an idle connection (5 s), so nginx never sends a request on a
 * connection the server is just closing. A request that could not be sent (connection refused:
 * the process is down) goes to the other server; one that was sent is never sent again if it is
 * not idempotent (nginx's default for POST and PATCH), so a save is never made twice.
 */
export function nginxConfig(options: { folder: string; ports: Ports; workerUser?: string }): string {
  const { folder, ports } = options;
  const upstream = (name: string, servers: number[]) => `
    upstream ${name} {
${servers.map((port) => `      server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join("\n")}
      keepalive 64;
      keepalive_timeout 4s;
    }`;
  const proxy = (name: string, forwardedFor: string) => `
      location / {
        proxy_pass http://${name};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For ${forwardedFor};
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_next_upstream error timeout;
        proxy_connect_timeout 2s;
        proxy_read_timeout 60s;
        proxy_buffering off;
      }`;
  return `
${options.workerUser ? `user ${options.workerUser};` : ""}
worker_processes 1;
daemon off;
master_process on;
pid ${folder}/nginx.pid;
error_log ${folder}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${folder}/client-body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  log_format upstreams '$msec $remote_addr "$request" $status $upstream_addr $upstream_status $request_time';
  access_log ${folder}/nginx-access.log upstreams buffer=64k flush=1s;
  client_max_body_size 1m;
  keepalive_timeout 75s;
  keepalive_requests 10000;
  ${upstream("web", ports.web)}
  ${upstream("api", ports.api)}
  # Where visitors connect: the visitor's address is the connection's own, whatever they claim.
  server {
    listen 127.0.0.1:${ports.public};
    ${proxy("web", "$remote_addr")}
    # When no web server could answer (one died with the request), the browser gets the web app's
    # own "could not send" answer rather than nginx's page, which it would show as text.
    error_page 502 503 504 = @unavailable;
    location @unavailable {
      default_type application/json;
      add_header Cache-Control no-store always;
      return 502 '${JSON.stringify(couldNotSendRequestResponse)}';
    }
  }
  # Where the web servers reach the API: the web server's X-Forwarded-For (the visitor) is kept,
  # with the web server's own address after it.
  server {
    listen 127.0.0.1:${ports.internal};
    ${proxy("api", "$proxy_add_x_forwarded_for")}
  }
}
`;
}

/** The environment a child process starts from: this one's, without Node options meant for it. */
function childEnv(): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  delete base.NODE_OPTIONS;
  return base;
}

export interface ApiSpecOptions {
  root: string;
  databaseUrl: string;
  /** The run's folder: each process's data folder, and the outbox both share. */
  folder: string;
  index: 0 | 1;
  port: number;
  /** Where the site is, for the links in emails. */
  siteUrl: string;
  /** Settings added to the process's (limits left at their defaults unless given). */
  apiEnv?: NodeJS.ProcessEnv;
}

/** One API process (apps/api/dist/server.js) of the deployment, on the shared PostgreSQL. */
export function apiServiceSpec(options: ApiSpecOptions): ServiceSpec {
  const { index, port, folder } = options;
  return {
    name: `API ${index + 1}`,
    command: process.execPath,
    args: [path.join(options.root, "apps/api/dist/server.js")],
    cwd: options.root,
    env: {
      ...childEnv(),
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: path.join(folder, `api-${index + 1}-data`),
      // One outbox for both, as one mail server would be.
      OUTBOX_DIR: path.join(folder, "outbox"),
      OAUTH_WEB_CLIENT_ID: oauthClient.id,
      OAUTH_WEB_CLIENT_SECRET: oauthClient.secret,
      // The hops that may name the visitor: nginx and the web servers, all on 127.0.0.1 here.
      TRUST_PROXY: "127.0.0.1",
      SITE_URL: options.siteUrl,
      // To profile the APIs: LOAD_API_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/profiles".
      ...(process.env.LOAD_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.LOAD_API_NODE_OPTIONS } : {}),
      ...options.apiEnv,
    },
    readyUrl: `http://127.0.0.1:${port}/readyz`,
  };
}

export interface ClusterOptions {
  root: string;
  databaseUrl: string;
  ports: Ports;
  nginxBinary: string;
  /** Settings added to the API processes' (limits left at their defaults unless given). */
  apiEnv?: NodeJS.ProcessEnv;
}

/** Two API processes, two web processes and nginx, started and stopped together. */
export class Cluster {
  readonly folder = mkdtempSync(path.join(os.tmpdir(), "kindred-load-"));
  readonly apis: [Service, Service];
  readonly webs: [Service, Service];
  readonly nginx: Service;

  constructor(private readonly options: ClusterOptions) {
    chmodSync(this.folder, 0o755);
    const { root, ports } = options;
    const node = process.execPath;
    const base = childEnv();
    const apiSpec = (index: 0 | 1): ServiceSpec =>
      apiServiceSpec({
        root,
        databaseUrl: options.databaseUrl,
        folder: this.folder,
        index,
        port: ports.api[index],
        siteUrl: `http://127.0.0.1:${ports.public}`,
        apiEnv: options.apiEnv,
      });
    const webSpec = (index: 0 | 1): ServiceSpec => ({
      name: `web ${index + 1}`,
      command: node,
      args: [path.join(root, "apps/web/server.mjs")],
      cwd: path.join(root, "apps/web"),
      env: {
        ...base,
        NODE_ENV: "production",
        PORT: String(ports.web[index]),
        API_URL: `http://127.0.0.1:${ports.internal}`,
        OAUTH_WEB_CLIENT_ID: oauthClient.id,
        OAUTH_WEB_CLIENT_SECRET: oauthClient.secret,
        // nginx, in front, names the visitor.
        WEB_TRUST_PROXY: "127.0.0.1",
        SITE_URL: `http://127.0.0.1:${ports.public}`,
      },
      readyUrl: `http://127.0.0.1:${ports.web[index]}/robots.txt`,
    });
    const log = (name: string) => path.join(this.folder, `${name}.log`);
    this.apis = [new Service(apiSpec(0), log("api-1")), new Service(apiSpec(1), log("api-2"))];
    this.webs = [new Service(webSpec(0), log("web-1")), new Service(webSpec(1), log("web-2"))];

    // nginx makes its temporary folders itself, owned by its workers' user.
    const asRoot = process.getuid?.() === 0;
    const configFile = path.join(this.folder, "nginx.conf");
    // As root, nginx's workers run as nobody; otherwise as whoever runs this.
    writeFileSync(
      configFile,
      nginxConfig({ folder: this.folder, ports, ...(asRoot ? { workerUser: "nobody nogroup" } : {}) }),
    );
    this.nginx = new Service(
      {
        name: "nginx",
        command: options.nginxBinary,
        args: ["-p", this.folder, "-c", configFile, "-e", path.join(this.folder, "nginx-error.log")],
        cwd: this.folder,
        env: base,
        readyUrl: `http://127.0.0.1:${ports.public}/robots.txt`,
      },
      log("nginx"),
    );
  }

  get all(): Service[] {
    return [this.nginx, ...this.webs, ...this.apis];
  }

  /** The first API migrates and seeds the database alone; then the rest start together. */
  async start(): Promise<void> {
    this.apis[0].start();
    await this.apis[0].ready();
    this.apis[1].start();
    for (const web of this.webs) web.start();
    await Promise.all([this.apis[1].ready(), ...this.webs.map((web) => web.ready())]);
    this.nginx.start();
    await this.nginx.ready();
  }

  /** Starts a crashed service again, as a supervisor would; resolves when it is ready. */
  restart(service: Service): Promise<void> {
    return service.restart();
  }

  async stop(): Promise<void> {
    await this.nginx.stop();
    await Promise.all([...this.webs, ...this.apis].map((service) => service.stop()));
  }

  /** Synchronous last resort, for process exit. */
  killNow(): void {
    for (const service of this.all) service.killNow();
  }

  removeFolder(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}
