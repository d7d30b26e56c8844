import type { ReactNode } from 'react';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { ErrorView } from '../../../shared/ui/StateViews';

/** Admin pages: others see why they cannot use it (the server refuses their calls anyway). */
export function AdminGate({ children }: { children: ReactNode }) {
  const isAdmin = useStore(sessionStore, (s) => s?.user.isAdmin === true);
  return isAdmin ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/**
 * Koppelingen: admins and whoever runs the ERP connection (BusinessCentral, decision 0027); others see why they
 * cannot (the server refuses their calls anyway).
 */
export function ErpGate({ children }: { children: ReactNode }) {
  const allowed = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.canErp === true);
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/**
 * Report pages (page usage, reports): admins and whoever holds the functional area AppRapportage; others see why
 * they cannot (the server refuses their calls anyway).
 */
export function ReportsGate({ children }: { children: ReactNode }) {
  const allowed = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.canReport === true);
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}
