import { Button, Card, List, Tag, Typography } from 'antd';
import type { InvitationDto } from '@zunft/contracts';
import { formatDateTime, toast, toastFailure } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { useInvitationsQuery, useRevokeInvitation } from '../api/invitations.api';

const STATE_COLORS: Record<InvitationDto['state'], string> = {
  pending: 'blue',
  accepted: 'green',
  expired: 'default',
  revoked: 'default',
};

/** The company's invitations of fiduciaries (issue 26); an open one can be withdrawn. Hidden while there is none. */
export function InvitationsCard() {
  const t = useAdminT();
  const invitations = useInvitationsQuery();
  const revoke = useRevokeInvitation();
  const list = invitations.data ?? [];
  if (list.length === 0) return null;

  const withdraw = (invitation: InvitationDto) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(t('invitations.revoked')),
      onError: (error) => toastFailure(error, t('invitations.revokeFailed')),
    });

  return (
    <Card title={t('invitations.listTitle')} style={{ marginTop: 16 }}>
      <List
        dataSource={list}
        renderItem={(invitation) => (
          <List.Item
            actions={
              invitation.state === 'pending'
                ? [
                    <Button
                      key="revoke"
                      size="small"
                      danger
                      loading={revoke.isPending && revoke.variables === invitation.id}
                      onClick={() => withdraw(invitation)}
                    >
                      {t('invitations.revoke')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={<span style={{ overflowWrap: 'anywhere' }}>{invitation.email}</span>}
              description={
                <>
                  <Tag color={STATE_COLORS[invitation.state]}>{t(`invitations.states.${invitation.state}`)}</Tag>
                  {invitation.state === 'pending' ? (
                    <Typography.Text type="secondary">
                      {t('invitations.validUntil', { date: formatDateTime(invitation.expiresAt) })}
                    </Typography.Text>
                  ) : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
