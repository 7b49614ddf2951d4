import { Button, type Column, formatKwh, formatMoney, type Period, Row, safeFormatDate } from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import styled from 'styled-components';
import { periodsText } from '../text';
import { downloadDocument, openPdf } from './open-document';
import { toastError } from './use-periods';

const text = periodsText;

const ServiceNumber = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  white-space: nowrap;
  display: block;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  display: block;
`;

const Nowrap = styled.span`
  white-space: nowrap;
  display: block;
`;

export const periodText = (period: Period) =>
  text.periodRange(safeFormatDate(period.initial_date), safeFormatDate(period.final_date));

export const periodRowLabel = (period: Period) =>
  text.rowLabel(
    period.service_number,
    safeFormatDate(period.initial_date),
    safeFormatDate(period.final_date),
  );

/** The name a document gets when the browser saves it instead of showing it. */
const documentName = (period: Period, kind: 'pdf' | 'xml') =>
  `${period.service_number}_${period.initial_date}_${period.final_date}.${kind}`;

/** A complementary invoice's name: the period's, then the invoice's series and folio. */
const companionName = (period: Period, seriesFolio: string) =>
  `${period.service_number}_${period.initial_date}_${period.final_date}_complementaria_${seriesFolio}.xml`;

const seriesFolio = (series: string | null, folio: string | null) =>
  series && folio ? `${series}-${folio}` : null;

/** "16" of "0.1600". */
const percentOf = (rate: string) => String(Number((Number(rate) * 100).toFixed(2)));

/**
 * The columns of a table of periods (Spanish dates, MXN, kWh) with the buttons that open the PDF
 * and save the XML. `service: false` leaves the service point out where the table is about one.
 */
export function usePeriodColumns({ service = true }: { service?: boolean } = {}): Column<Period>[] {
  const open = useMutation({
    mutationFn: (period: Period) => openPdf(period.pdf_file_name as string, documentName(period, 'pdf')),
    onError: toastError,
  });
  const xml = useMutation({
    mutationFn: (period: Period) =>
      downloadDocument(period.xml_file_name as string, documentName(period, 'xml')),
    onError: toastError,
  });
  const companion = useMutation({
    mutationFn: ({ period, fileName, name }: { period: Period; fileName: string; name: string }) =>
      downloadDocument(fileName, companionName(period, name)),
    onError: toastError,
  });

  return useMemo<Column<Period>[]>(
    () => [
      ...(service
        ? [
            {
              key: 'service',
              header: text.columns.service,
              render: (period: Period) => (
                <>
                  <ServiceNumber>{period.service_number}</ServiceNumber>
                  <Muted>{period.alias || text.noAlias}</Muted>
                </>
              ),
            },
          ]
        : []),
      {
        key: 'period',
        header: text.columns.period,
        render: (period) => (
          <>
            <Nowrap>{periodText(period)}</Nowrap>
            {period.due_date ? <Muted>{text.dueDate(safeFormatDate(period.due_date))}</Muted> : null}
          </>
        ),
      },
      {
        key: 'receipt',
        header: text.columns.receipt,
        render: (period) => {
          const name = seriesFolio(period.cfdi_series, period.cfdi_folio);
          return name ? (
            <ServiceNumber title={period.cfdi_uuid ?? undefined}>{name}</ServiceNumber>
          ) : (
            <Muted>—</Muted>
          );
        },
      },
      { key: 'tariff', header: text.columns.tariff, render: (period) => period.tariff || '—' },
      {
        key: 'consumption',
        header: text.columns.consumption,
        align: 'right',
        render: (period) => (
          <>
            <Nowrap>{formatKwh(period.consumption_kwh)}</Nowrap>
            {period.kwh_base && period.kwh_intermediate && period.kwh_peak ? (
              <Muted>
                {text.kwhSplit(
                  formatKwh(period.kwh_base),
                  formatKwh(period.kwh_intermediate),
                  formatKwh(period.kwh_peak),
                )}
              </Muted>
            ) : null}
          </>
        ),
      },
      {
        key: 'amount',
        header: text.columns.amount,
        align: 'right',
        render: (period) => (
          <>
            <Nowrap>{formatMoney(period.amount)}</Nowrap>
            {period.vat_rate ? <Muted>{text.vat(percentOf(period.vat_rate))}</Muted> : null}
            {period.total_to_pay ? <Muted>{text.totalToPay(formatMoney(period.total_to_pay))}</Muted> : null}
          </>
        ),
      },
      {
        key: 'documents',
        header: text.columns.documents,
        render: (period) => (
          <Row $gap={2} $wrap={false}>
            {period.pdf_file_name ? (
              <Button
                size="sm"
                variant="secondary"
                aria-label={text.openPdfLabel(periodText(period))}
                loading={open.isPending && open.variables?.period_id === period.period_id}
                onClick={() => open.mutate(period)}
              >
                {text.openPdf}
              </Button>
            ) : null}
            {period.xml_file_name ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={text.downloadXmlLabel(periodText(period))}
                loading={xml.isPending && xml.variables?.period_id === period.period_id}
                onClick={() => xml.mutate(period)}
              >
                {text.downloadXml}
              </Button>
            ) : null}
            {period.companions.map((document) => {
              const name = `${document.series}-${document.folio}`;
              return (
                <Button
                  key={document.file_name}
                  size="sm"
                  variant="ghost"
                  aria-label={text.complementaryLabel(name, periodText(period))}
                  loading={companion.isPending && companion.variables?.fileName === document.file_name}
                  onClick={() => companion.mutate({ period, fileName: document.file_name, name })}
                >
                  {text.complementary(name)}
                </Button>
              );
            })}
            {!period.pdf_file_name && !period.xml_file_name ? <Muted>{text.noDocument}</Muted> : null}
          </Row>
        ),
      },
    ],
    [service, open, xml, companion],
  );
}
