// Periods are known by their receipt, not by their dates (issue 13): the CFDI's UUID, and its series
// and folio until the XML is read; one period per billing month (a re-issued receipt replaces the
// month's earlier one). The CFDI's figures are kept; complementary invoices become documents of
// their period; payment CFDIs become the payment history.
export const up = /* sql */ `
ALTER TABLE periods
  ADD COLUMN billing_month text,
  ADD COLUMN cfdi_series text,
  ADD COLUMN cfdi_folio text,
  ADD COLUMN total_to_pay numeric(14, 2),
  ADD COLUMN subtotal numeric(14, 2),
  ADD COLUMN vat_rate numeric(5, 4),
  ADD COLUMN vat_amount numeric(14, 2),
  ADD COLUMN lighting_duty numeric(14, 2),
  ADD COLUMN previous_debt numeric(14, 2),
  ADD COLUMN rounding numeric(14, 2),
  ADD COLUMN due_date date,
  ADD COLUMN kwh_base numeric(14, 2),
  ADD COLUMN kwh_intermediate numeric(14, 2),
  ADD COLUMN kwh_peak numeric(14, 2),
  ADD COLUMN demand_kw numeric(14, 2),
  ADD COLUMN power_factor numeric(6, 2),
  ADD COLUMN holder_name text,
  ADD COLUMN address text;

-- Existing periods: the month of their final date, once per service point; a repeated UUID is kept once.
UPDATE periods SET billing_month = to_char(final_date, 'YYYY-MM')
WHERE id IN (
  SELECT DISTINCT ON (rpu_id, to_char(final_date, 'YYYY-MM')) id FROM periods
  ORDER BY rpu_id, to_char(final_date, 'YYYY-MM'), final_date DESC, created_at DESC
);
UPDATE periods SET cfdi_uuid = NULL
WHERE cfdi_uuid IS NOT NULL AND id NOT IN (
  SELECT DISTINCT ON (rpu_id, cfdi_uuid) id FROM periods WHERE cfdi_uuid IS NOT NULL
  ORDER BY rpu_id, cfdi_uuid, created_at
);

ALTER TABLE periods DROP CONSTRAINT periods_rpu_id_initial_date_final_date_key;
CREATE UNIQUE INDEX periods_rpu_uuid_key ON periods (rpu_id, cfdi_uuid);
CREATE UNIQUE INDEX periods_rpu_series_folio_key ON periods (rpu_id, cfdi_series, cfdi_folio);
CREATE UNIQUE INDEX periods_rpu_month_key ON periods (rpu_id, billing_month);

-- A period's documents: its receipt (PDF and XML) and its companions (complementary invoices, XML).
ALTER TABLE documents
  ADD COLUMN role text NOT NULL DEFAULT 'receipt' CHECK (role IN ('receipt', 'complementary')),
  ADD COLUMN cfdi_uuid text,
  ADD COLUMN cfdi_series text,
  ADD COLUMN cfdi_folio text;
ALTER TABLE documents DROP CONSTRAINT documents_period_id_kind_key;
CREATE UNIQUE INDEX documents_receipt_key ON documents (period_id, kind) WHERE role = 'receipt';
CREATE UNIQUE INDEX documents_companion_key ON documents (period_id, cfdi_series, cfdi_folio, kind)
  WHERE role <> 'receipt';
CREATE INDEX documents_rpu_companion_idx ON documents (rpu_id, cfdi_series, cfdi_folio) WHERE role <> 'receipt';

-- Payments come from CFE's payment CFDIs: one row per payment of the document.
ALTER TABLE payment_history
  ADD COLUMN cfdi_uuid text,
  ADD COLUMN cfdi_series text,
  ADD COLUMN cfdi_folio text,
  ADD COLUMN payment_index smallint NOT NULL DEFAULT 0,
  ADD COLUMN payment_form text;
ALTER TABLE payment_history DROP CONSTRAINT payment_history_rpu_id_paid_on_reference_key;
CREATE UNIQUE INDEX payment_history_cfdi_key ON payment_history (rpu_id, cfdi_uuid, payment_index);
CREATE INDEX payment_history_document_idx ON payment_history (rpu_id, cfdi_series, cfdi_folio);

-- What the latest receipt says about the service point.
ALTER TABLE rpus
  ADD COLUMN address text,
  ADD COLUMN last_amount numeric(14, 2),
  ADD COLUMN last_period_end date;
`;
