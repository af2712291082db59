// `npm run staff:create-admin -- --name "Ada Lovelace" --email ada@example.org`: the first
// administrator of the staff back office (docs/decisions/031-staff-back-office.md). It prints an
// invitation link for them to choose their own password and set up their authenticator app; there
// is never a default password. Refused once an administrator exists: they invite everyone else.
// With the embedded database, stop the API first (one process opens its folder at a time).
import { parseArgs } from "node:util";
import { emailProblems, nameProblems } from "@kindred/domain";
import { ConfigError, loadConfig } from "./config";
import { createFirstAdministrator } from "./modules/staff";
import { prepareDatabase } from "./startup";

try {
  const { values } = parseArgs({ options: { name: { type: "string" }, email: { type: "string" } } });
  const name = values.name?.trim() ?? "";
  const email = values.email?.trim() ?? "";
  const problems = [
    ...nameProblems(name).map((problem) => `--name: ${problem}`),
    ...emailProblems(email).map((problem) => `--email: ${problem}`),
  ];
  if (problems.length > 0) {
    process.stderr.write(
      `${problems.join("\n")}\nUsage: npm run staff:create-admin -- --name "Full Name" --email name@example.org\n`,
    );
    process.exitCode = 1;
  } else {
    const config = loadConfig();
    const database = await prepareDatabase(config);
    try {
      const link = await createFirstAdministrator(database.db, { name, email }, { siteUrl: config.SITE_URL });
      process.stdout.write(
        `${name} is invited as the first administrator. Give them this link (it works once, for 72 hours):\n${link}\n`,
      );
    } finally {
      await database.close();
    }
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
