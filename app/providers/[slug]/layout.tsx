// Checks that the provider exists before anything is streamed: a notFound() thrown once part of
// the page has been sent (inside a Suspense boundary) could only answer 200 with a noindex tag.
// Thrown here, outside every boundary, the response is a real 404.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { providerExists } from "@/server/queries/provider-profile.ts";

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export default async function ProviderLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ slug: string }>;
}) {
  const { slug } = await params;
  if (!SLUG.test(slug) || !(await providerExists(slug))) notFound();
  return children;
}
