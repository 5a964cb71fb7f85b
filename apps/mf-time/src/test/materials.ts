import type { MaterialUsageDto } from '@zunft/contracts';

/** Test data of the materials screen. */
export { aMaterial } from '@zunft/web-common/testing';

export function aUsage(overrides: Partial<MaterialUsageDto> = {}): MaterialUsageDto {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    project_id: 'a0c1e2f3-0000-4000-8000-000000000001',
    project_title: 'Badsanierung Meier',
    project_number: 'P-2026-0001',
    material_id: '11111111-1111-4111-8111-111111111111',
    material_name: 'Kupferrohr 15 mm',
    quantity: 2.5,
    unit: 'm',
    unit_price: 4.35,
    total_price: 10.88,
    used_at: '2026-03-02',
    status: 'pending',
    user_id: '00000000-0000-4000-8000-000000000002',
    user_name: 'Beat Arbeiter',
    description: null,
    rejection_reason: null,
    approved_at: null,
    approved_by: null,
    created_at: '2026-03-02T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}
