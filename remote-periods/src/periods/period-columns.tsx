import {
  Button,
  type Column,
  es,
  formatKwh,
  formatMoney,
  type Period,
  Row,
  safeFormatDate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import styled from 'styled-components';
import { downloadDocument, openPdf } from './open-document';
import { toastError } from './use-periods';

const text = es.periods;

const ServiceNumber = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  white-space: nowrap;
  display: block;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
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
      { key: 'period', header: text.columns.period, render: periodText },
      { key: 'tariff', header: text.columns.tariff, render: (period) => period.tariff || '—' },
      {
        key: 'consumption',
        header: text.columns.consumption,
        align: 'right',
        render: (period) => formatKwh(period.consumption_kwh),
      },
      {
        key: 'amount',
        header: text.columns.amount,
        align: 'right',
        render: (period) => formatMoney(period.amount),
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
            {!period.pdf_file_name && !period.xml_file_name ? <Muted>{text.noDocument}</Muted> : null}
          </Row>
        ),
      },
    ],
    [service, open, xml],
  );
}
