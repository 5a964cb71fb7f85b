import type {
  CreateMaterialRequest,
  CreateMaterialUsageRequest,
  MaterialCategory,
  MaterialDto,
  MaterialUnit,
  MaterialUsageDto,
  MaterialUsageStatus,
} from '@zunft/contracts';
import { formatNumber } from '@zunft/web-common';

/** Badge colours of the usage statuses (part 1 §4). */
export const USAGE_STATUS_COLORS: Record<MaterialUsageStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** Low stock when the stock is at most the minimum stock (part 1 §9; minimum default 0). */
export function isLowStock(material: Pick<MaterialDto, 'stock_quantity' | 'min_stock'>): boolean {
  return Number(material.stock_quantity) <= Number(material.min_stock ?? 0);
}

const cents = (n: number) => Math.round(Number(n) * 100);

/** Amount of one usage line in CHF (quantity × unit price, 2 decimals). */
export function usageAmount(usage: Pick<MaterialUsageDto, 'quantity' | 'unit_price'>): number {
  return Math.round((cents(usage.quantity) * cents(usage.unit_price)) / 100) / 100;
}

/** "12 Stk", "0.5 kg" – quantities with up to 2 decimals in Swiss format. */
export function formatQuantity(quantity: number, unit: MaterialUnit): string {
  return `${formatNumber(quantity)} ${unit}`;
}

export interface MaterialFormValues {
  name?: string;
  description?: string | null;
  unit?: MaterialUnit;
  category?: MaterialCategory | null;
  unitPrice?: number | null;
  stockQuantity?: number | null;
  minStock?: number | null;
}

const trimmedOrNull = (v: string | null | undefined) => {
  const text = typeof v === 'string' ? v.trim() : '';
  return text === '' ? null : text;
};

/** Form values -> POST/PUT /materials payload {name, description, unit, category, unitPrice, stockQuantity, minStock}. */
export function toMaterialRequest(values: MaterialFormValues): CreateMaterialRequest {
  return {
    name: (values.name ?? '').trim(),
    description: trimmedOrNull(values.description),
    unit: values.unit as MaterialUnit,
    category: values.category ?? null,
    unitPrice: Number(values.unitPrice),
    stockQuantity: values.stockQuantity ?? 0,
    minStock: values.minStock ?? 0,
  };
}

/**
 * The PUT payload: like the create payload, but without the stock when the user did not change
 * it. Usage approved while the dialog was open changes the stock on the server; sending the
 * stock the dialog loaded would overwrite that booking.
 */
export function toMaterialUpdate(values: MaterialFormValues, loaded: MaterialDto): Partial<CreateMaterialRequest> {
  const { stockQuantity, ...rest } = toMaterialRequest(values);
  return Number(stockQuantity) === Number(loaded.stock_quantity) ? rest : { ...rest, stockQuantity };
}

export function toMaterialFormValues(m: MaterialDto): MaterialFormValues {
  return {
    name: m.name,
    description: m.description,
    unit: m.unit,
    category: m.category,
    unitPrice: m.unit_price,
    stockQuantity: m.stock_quantity,
    minStock: m.min_stock,
  };
}

export interface UsageFormValues {
  projectId?: string;
  materialId?: string;
  quantity?: number | null;
  /** yyyy-MM-dd */
  usageDate?: string | null;
  description?: string | null;
}

/** Today as yyyy-MM-dd in the browser's time zone (the default usage date). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type UsageRequestResult =
  { ok: true; body: CreateMaterialUsageRequest } | { ok: false; reason: 'material-not-found' };

/**
 * Form values -> POST /materials/usage payload {projectId, materialId, materialName, quantity, unit,
 * unitPrice, usageDate, description}. Name, unit and price come from the selected material; when it
 * is no longer in the list the caller shows 'Ausgewähltes Material nicht gefunden'.
 */
export function toUsageRequest(
  values: UsageFormValues,
  materials: readonly Pick<MaterialDto, 'id' | 'name' | 'unit' | 'unit_price'>[],
  { withPrice }: { withPrice: boolean },
): UsageRequestResult {
  const material = materials.find((m) => m.id === values.materialId);
  if (!material) return { ok: false, reason: 'material-not-found' };
  const body: CreateMaterialUsageRequest = {
    projectId: values.projectId ?? '',
    materialId: material.id,
    materialName: material.name,
    quantity: Number(values.quantity),
    unit: material.unit,
    usageDate: values.usageDate || todayIso(),
    description: trimmedOrNull(values.description),
  };
  // The server takes the material's price; only the office may send one (and it is the list price).
  if (withPrice) body.unitPrice = material.unit_price;
  return { ok: true, body };
}

export function toUsageFormValues(u: MaterialUsageDto): UsageFormValues {
  return {
    projectId: u.project_id,
    materialId: u.material_id ?? undefined,
    quantity: u.quantity,
    usageDate: u.used_at,
    description: u.description,
  };
}

/** Editing is possible only while pending: by the office, or by the one who recorded it. */
export function canChangeUsage(usage: MaterialUsageDto, userId: string | null, isBackoffice: boolean): boolean {
  return usage.status === 'pending' && (isBackoffice || usage.user_id === userId);
}

/**
 * The office deletes entries of every status (part 1 §6; an approved one goes back on stock);
 * employees only their own pending ones.
 */
export function canDeleteUsage(usage: MaterialUsageDto, userId: string | null, isBackoffice: boolean): boolean {
  return isBackoffice || (usage.status === 'pending' && usage.user_id === userId);
}

/** Only the office approves, and only pending entries (part 1 §4). */
export function canApproveUsage(usage: MaterialUsageDto, isBackoffice: boolean): boolean {
  return isBackoffice && usage.status === 'pending';
}
