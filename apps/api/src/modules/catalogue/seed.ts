import {
  findPackageProblems,
  isJourneyStepHandle,
  journeyStepHandles,
  journeyStepLabels,
  journeyStepPath,
  type JourneyStepHandle,
} from "@kindred/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import {
  catalogueSettings,
  catalogueOptions,
  coffinCollections,
  crematoria,
  funeralDirectorBranches,
  journeySteps,
  planPackages,
  type CatalogueOptionKind,
} from "../../db/schema";
import type { CatalogueFileOption, CatalogueFiles } from "./catalogue-files";
import { recordCatalogueRelease } from "./catalogue-changes";
import { paymentTermsSettingKey, selectCatalogue } from "./queries";
import { buildPlanOptions } from "./service";

type OptionRow = typeof catalogueOptions.$inferInsert;

function optionRows(kind: CatalogueOptionKind, options: readonly CatalogueFileOption[]): OptionRow[] {
  return options.map((option, position) => ({
    kind,
    code: option.code,
    name: option.name,
    description: option.description,
    pricePence: option.pricePence,
    isDefault: option.isDefault,
    visible: option.visible,
    position,
  }));
}

/** Every option row the catalogue files describe, keyed by the kind stored in the database. */
function catalogueOptionRows(files: CatalogueFiles): OptionRow[] {
  const { options, coffins } = files;
  return [
    ...optionRows("attendance", options.attendance),
    ...optionRows("remains", options.remains),
    ...optionRows("celebrant", options.celebrantTypes),
    ...optionRows("pallbearer", options.pallbearerTypes),
    ...optionRows("ashesTreatment", options.ashesTreatmentTypes),
    ...optionRows("deceasedTransport", options.transportationForTheDeceasedTypes),
    ...optionRows("attendeeTransport", options.transportationForAttendeesTypes),
    ...optionRows("flowerArrangement", options.flowerArrangements),
    ...options.contactMethods.map((method, position) => ({
      kind: "contactMethod" as const,
      code: method.code,
      name: method.name,
      position,
    })),
    ...coffins.coffins.map((coffin, position) => ({
      ...optionRows("coffin", [coffin])[0]!,
      position,
      collectionCode: coffin.collection,
      imagePath: `/images/coffins/${coffin.image}`,
      imageAlt: coffin.imageAlt,
    })),
  ];
}

/** Cross-file references a JSON schema cannot see; a broken one stops the seed before it writes. */
function findCatalogueReferenceProblems(files: CatalogueFiles): string[] {
  const problems: string[] = [];
  const codesOf = (kind: CatalogueOptionKind) =>
    new Set(
      catalogueOptionRows(files)
        .filter((row) => row.kind === kind)
        .map((row) => row.code),
    );
  const crematoriumCodes = new Set(files.crematoria.crematoria.map((crematorium) => crematorium.code));
  const collectionCodes = new Set(files.coffins.collections.map((collection) => collection.code));

  if (!crematoriumCodes.has(files.crematoria.defaultCode)) {
    problems.push(`crematoria: default ${files.crematoria.defaultCode} is not listed`);
  }
  for (const crematorium of files.crematoria.crematoria) {
    if (crematorium.code !== files.crematoria.defaultCode && !crematorium.coordinate) {
      problems.push(`crematoria: ${crematorium.code} has no coordinate, so cannot be ordered by distance`);
    }
  }
  if (!files.branches.branches.some((branch) => branch.code === files.branches.headOfficeCode)) {
    problems.push(`branches: head office ${files.branches.headOfficeCode} is not listed`);
  }
  for (const coffin of files.coffins.coffins) {
    if (!collectionCodes.has(coffin.collection)) {
      problems.push(`coffins: ${coffin.code} names unknown collection ${coffin.collection}`);
    }
  }
  for (const planPackage of files.packages.packages) {
    const { contents } = planPackage;
    const references: [CatalogueOptionKind, string][] = [
      ["attendance", contents.attendance],
      ["remains", contents.remains],
      ...(contents.ashesTreatment
        ? [["ashesTreatment", contents.ashesTreatment] satisfies [CatalogueOptionKind, string]]
        : []),
      ["celebrant", contents.celebrant],
      ["coffin", contents.coffin],
      ["deceasedTransport", contents.deceaseTransportation],
      ["pallbearer", contents.pallbearers],
      ...contents.attendeesTransportation.map(({ code }): [CatalogueOptionKind, string] => [
        "attendeeTransport",
        code,
      ]),
    ];
    for (const [kind, code] of references) {
      if (!codesOf(kind).has(code))
        problems.push(`packages: ${planPackage.code} names unknown ${kind} ${code}`);
    }
    if (contents.crematorium !== undefined && !crematoriumCodes.has(contents.crematorium)) {
      problems.push(`packages: ${planPackage.code} names unknown crematorium ${contents.crematorium}`);
    }
  }
  problems.push(...findStepProblems(files.steps.steps.map((step) => step.handle)));
  return problems;
}

/** Every step of the journey, once each, in the journey's order, and no other. */
function findStepProblems(handles: readonly string[]): string[] {
  const problems = handles
    .filter((handle) => !isJourneyStepHandle(handle))
    .map((handle) => `steps: ${handle} is not a step of the journey (packages/domain journey-steps.ts)`);
  for (const handle of journeyStepHandles) {
    const times = handles.filter((listed) => listed === handle).length;
    if (times === 0) problems.push(`steps: the journey's step ${handle} is missing`);
    if (times > 1) problems.push(`steps: ${handle} is listed ${times} times`);
  }
  if (problems.length === 0 && handles.join() !== journeyStepHandles.join()) {
    problems.push(`steps: listed out of the journey's order (${journeyStepHandles.join(", ")})`);
  }
  return problems;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Loads the catalogue files into the database in one transaction. Rows are matched by code, so
 * running it again updates wording in place and every id stays the same. Prices and the branch
 * details the back office changes are a release's changes (decision 032): where the files differ
 * from what the last release set, the difference is kept as a change and applied at once; where
 * they do not, a change staff made since stays in place.
 */
export async function seedCatalogue(db: Database, files: CatalogueFiles): Promise<void> {
  const problems = findCatalogueReferenceProblems(files);
  if (problems.length > 0) {
    throw new Error(`The catalogue files do not agree:\n  ${problems.join("\n  ")}`);
  }

  const now = new Date();
  await db.transaction(async (tx) => {
    const optionRows = catalogueOptionRows(files);
    const options = await tx
      .insert(catalogueOptions)
      .values(optionRows)
      .onConflictDoUpdate({
        target: [catalogueOptions.kind, catalogueOptions.code],
        set: {
          name: excluded("name"),
          description: excluded("description"),
          isDefault: excluded("is_default"),
          visible: excluded("visible"),
          position: excluded("position"),
          collectionCode: excluded("collection_code"),
          imagePath: excluded("image_path"),
          imageAlt: excluded("image_alt"),
        },
      })
      .returning({ id: catalogueOptions.id, kind: catalogueOptions.kind, code: catalogueOptions.code });

    await tx
      .insert(coffinCollections)
      .values(files.coffins.collections.map((collection, position) => ({ ...collection, position })))
      .onConflictDoUpdate({
        target: coffinCollections.code,
        set: { name: excluded("name"), position: excluded("position") },
      });

    await tx
      .insert(crematoria)
      .values(
        files.crematoria.crematoria.map((crematorium, position) => ({
          ...crematorium,
          coordinate: crematorium.coordinate ?? null,
          isDefault: crematorium.code === files.crematoria.defaultCode,
          position,
        })),
      )
      .onConflictDoUpdate({
        target: crematoria.code,
        set: {
          name: excluded("name"),
          address: excluded("address"),
          coordinate: excluded("coordinate"),
          isDefault: excluded("is_default"),
          position: excluded("position"),
        },
      });

    const branches = await tx
      .insert(funeralDirectorBranches)
      .values(
        files.branches.branches.map(({ image, ...branch }) => ({
          ...branch,
          imagePath: `/images/branches/${image}`,
          isHeadOffice: branch.code === files.branches.headOfficeCode,
        })),
      )
      .onConflictDoUpdate({
        target: funeralDirectorBranches.code,
        set: {
          address: excluded("address"),
          latitude: excluded("latitude"),
          longitude: excluded("longitude"),
          imagePath: excluded("image_path"),
          imageAlt: excluded("image_alt"),
          allowsFuneralDirectorServices: excluded("allows_funeral_director_services"),
          isHeadOffice: excluded("is_head_office"),
        },
      })
      .returning({ id: funeralDirectorBranches.id, code: funeralDirectorBranches.code });

    await recordCatalogueRelease(
      tx,
      {
        options: options.map(({ id, kind, code }) => ({
          id,
          pricePence: optionRows.find((row) => row.kind === kind && row.code === code)?.pricePence ?? 0,
        })),
        branches: branches.map(({ id, code }) => {
          const branch = files.branches.branches.find((candidate) => candidate.code === code)!;
          const { name, phone, email, website, managerName, active } = branch;
          return { id, name, phone, email, website, managerName, active };
        }),
      },
      now,
    );

    await tx
      .insert(planPackages)
      .values(files.packages.packages.map((planPackage, position) => ({ ...planPackage, position })))
      .onConflictDoUpdate({
        target: planPackages.code,
        set: {
          name: excluded("name"),
          description: excluded("description"),
          visible: excluded("visible"),
          position: excluded("position"),
          contents: excluded("contents"),
        },
      });

    await tx
      .insert(journeySteps)
      .values(
        files.steps.steps.map((step, position) => {
          // Checked before the seed writes (findStepProblems).
          const handle = step.handle as JourneyStepHandle;
          return { ...step, name: journeyStepLabels[handle], path: journeyStepPath(handle), position };
        }),
      )
      .onConflictDoUpdate({
        target: journeySteps.handle,
        set: {
          name: excluded("name"),
          title: excluded("title"),
          description: excluded("description"),
          path: excluded("path"),
          position: excluded("position"),
          questions: excluded("questions"),
        },
      });

    const { version: _version, ...paymentTerms } = files.paymentTerms;
    await tx
      .insert(catalogueSettings)
      .values({ key: paymentTermsSettingKey, value: paymentTerms })
      .onConflictDoUpdate({
        target: catalogueSettings.key,
        set: { value: excluded("value"), updatedAt: sql`now()` },
      });

    // Each package must be a journey someone could choose: checked on the rows just written,
    // so a package that is not stops the seed and nothing is kept.
    const planOptions = buildPlanOptions(await selectCatalogue(tx));
    const packageProblems = planOptions.packages.flatMap((planPackage) =>
      findPackageProblems(planPackage, planOptions).map(
        (problem) => `packages: ${planPackage.code}: ${problem.propertyPath}: ${problem.title}`,
      ),
    );
    if (packageProblems.length > 0) {
      throw new Error(`The catalogue's packages are not journeys:\n  ${packageProblems.join("\n  ")}`);
    }
  });
}
