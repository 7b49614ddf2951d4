import type { MailMessage } from '../mail';
import { layout } from '../mail/templates';
import { syncMessages } from './messages';
import type { SyncContext } from './step-input';

const spanishDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
};
const pesos = (amount: string) =>
  Number(amount).toLocaleString('es-MX', { style: 'currency', currency: 'MXN' });

type Receipt = { initial_date: string; final_date: string; amount: string };

export function newReceiptsMail({
  to,
  fullName,
  serviceName,
  receipts,
  link,
}: {
  to: string;
  fullName: string;
  serviceName: string;
  receipts: Receipt[];
  link: string;
}): MailMessage {
  const title = receipts.length === 1 ? 'Tienes un recibo nuevo de CFE' : 'Tienes recibos nuevos de CFE';
  const lines = receipts.map(
    (receipt) =>
      `Periodo del ${spanishDate(receipt.initial_date)} al ${spanishDate(receipt.final_date)}: ${pesos(receipt.amount)}`,
  );
  const paragraphs = [
    fullName ? `Hola, ${fullName}:` : 'Hola:',
    `Luz descargó ${receipts.length === 1 ? 'un recibo nuevo' : `${receipts.length} recibos nuevos`} del servicio ${serviceName}.`,
    ...lines,
  ];
  const footer = 'Recibes este aviso porque activaste las notificaciones por correo de este servicio en Luz.';
  return {
    to,
    subject: syncMessages.newReceiptsSubject(serviceName),
    text: [...paragraphs, '', `Consulta y descarga tus recibos en ${link}`, '', footer, '', '— Luz'].join(
      '\n',
    ),
    html: layout(title, paragraphs, { label: 'Ver mis recibos', url: link }, footer),
  };
}

/**
 * Sends the owner one e-mail with the service point's new receipts not yet announced, when its
 * e-mail notifications are on (checked now, not when the receipt was found). Marked sent after
 * sending: a crash in between sends it again rather than never.
 */
export async function sendReceiptMail(ctx: SyncContext, rpuId: string): Promise<number> {
  const { rows } = await ctx.db.query<
    Receipt & {
      period_id: string;
      email: string;
      full_name: string;
      service_number: string;
      alias: string;
      send_email_notifications: boolean;
    }
  >(
    `SELECT n.period_id, p.initial_date::text AS initial_date, p.final_date::text AS final_date,
       p.amount::text AS amount, u.email, u.full_name, r.service_number, r.alias, r.send_email_notifications
     FROM receipt_notifications n
     JOIN periods p ON p.id = n.period_id JOIN rpus r ON r.id = n.rpu_id JOIN users u ON u.id = n.user_id
     WHERE n.rpu_id = $1 AND n.email AND n.emailed_at IS NULL AND NOT r.deleted
     ORDER BY p.final_date DESC`,
    [rpuId],
  );
  const first = rows[0];
  if (!first) return 0;
  if (first.send_email_notifications) {
    const serviceName = first.alias ? `${first.alias} (${first.service_number})` : first.service_number;
    await ctx.mailer.send(
      newReceiptsMail({
        to: first.email,
        fullName: first.full_name,
        serviceName,
        receipts: rows,
        link: `${ctx.config.publicUrl}/periods?filterBy=rpu&rpuId=${rpuId}`,
      }),
    );
  }
  await ctx.db.query(
    'UPDATE receipt_notifications SET emailed_at = now() WHERE period_id = ANY($1::uuid[])',
    [rows.map((row) => row.period_id)],
  );
  return first.send_email_notifications ? rows.length : 0;
}
