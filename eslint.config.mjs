// ESLint flat config: Next.js rules (incl. jsx-a11y) plus typed TypeScript rules.
import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "generated/**",
      ".data/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      ".bench-floor/**",
    ],
  },
  ...nextVitals,
  {
    files: ["**/*.ts", "**/*.tsx"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "import/no-anonymous-default-export": "off",
    },
  },
  {
    // lib/ is pure domain code (ARCHITECTURE.md): no server, pages, components or generated client.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/**/*.test.ts", "lib/**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/generated/**",
                "**/server/**",
                "**/app/**",
                "**/components/**",
                "@/server/**",
                "@/app/**",
                "@/components/**",
                "@/generated/**",
              ],
              message: "lib/ is pure: move the shared piece into lib/ or pass it in.",
            },
          ],
        },
      ],
    },
  },
  {
    // components/ render; they never open the database or run an operation themselves. Data
    // comes from server/queries/* (read models) or props; server actions live in app/**/actions.ts.
    // Shared bounds come from lib/limits/*, which client components can import.
    files: ["components/**/*.ts", "components/**/*.tsx"],
    ignores: ["components/**/*.test.ts", "components/**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@/server/db/**",
                "**/server/db/**",
                "@/generated/prisma/client*",
                "**/generated/prisma/client*",
              ],
              message: "components/ never open the database: read through server/queries/* or take props.",
            },
            {
              group: [
                "@/server/access/operation*",
                "@/server/access/run-action*",
                "@/server/*/operations*",
                "**/server/access/operation*",
                "**/server/access/run-action*",
                "**/server/*/operations*",
              ],
              allowTypeImports: true,
              message:
                "components/ do not run operations: a page, route handler or server action (app/**/actions.ts) does, or a read model in server/queries/*.",
            },
          ],
        },
      ],
    },
  },
  {
    // Pages and layouts read through server/queries/* (which run the checked read operations as
    // the visitor); they never open the database or run an operation themselves. Route handlers
    // (app/api/**) and server actions (app/**/actions.ts) may.
    files: ["app/**/page.tsx", "app/**/layout.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@/server/db/**",
                "**/server/db/**",
                "@/generated/prisma/client*",
                "**/generated/prisma/client*",
                "@/server/access/operation*",
                "**/server/access/operation*",
              ],
              allowTypeImports: true,
              message:
                "Pages and layouts read through server/queries/*, never the database or executeOperation.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
