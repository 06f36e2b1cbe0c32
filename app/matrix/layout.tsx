// The matrix section (/matrix, /matrix/compare and their error boundary): its client
// components' messages, which the rest of the site does not carry.
import type { ReactNode } from "react";

import { ClientMessages } from "@/components/client-messages.tsx";

export default function MatrixLayout({ children }: { children: ReactNode }) {
  return <ClientMessages section="matrix">{children}</ClientMessages>;
}
