// Checks that the GPU model exists before anything is streamed: a notFound() thrown once part of
// the page has been sent (inside a Suspense boundary) could only answer 200 with a noindex tag.
// Thrown here, outside every boundary, the response is a real 404.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { gpuExists } from "@/server/queries/gpu-page.ts";

const SLUG = /^[a-z0-9][a-z0-9.-]{0,99}$/;

export default async function GpuLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ slug: string }>;
}) {
  const { slug } = await params;
  if (!SLUG.test(slug) || !(await gpuExists(slug))) notFound();
  return children;
}
