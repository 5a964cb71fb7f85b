/** PostgreSQL unique violation of the given index (a race lost against a parallel request). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const driver = e?.driverError ?? e;
  return driver?.code === '23505' && driver.constraint === constraint;
}
