import { type FormEvent, useEffect, useState } from "react";
import { formatCount } from "../../../../core/numbers";
import {
  deliveryEmailSchema,
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_REQUIRED_TITLE,
} from "../../../../core/schemas/rewards";
import { FormDialog } from "../../../components/form-dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { createSubmissionKeys, submitWithKey } from "../../wallet/submission-key";
import { type GiftCard, useRedeemGiftCardMutation } from "../api";
import { dollarValue } from "../points-view";

/**
 * Redeem a gift card for points: asks where to deliver the code (prefilled with the member's
 * email). One Idempotency-Key per submission, kept while the same card and address are retried
 * after an unknown outcome, so a retry redeems once.
 */
export function RedeemGiftCardDialog({
  card,
  defaultEmail,
  onClose,
}: {
  card: GiftCard | null;
  defaultEmail: string;
  onClose: () => void;
}) {
  const redeem = useRedeemGiftCardMutation();
  const [keys] = useState(() => createSubmissionKeys());
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | undefined>();

  // Each opening starts from the member's own address and a fresh submission.
  useEffect(() => {
    if (card) {
      setEmail(defaultEmail);
      setError(undefined);
      keys.reset();
    }
  }, [card, defaultEmail, keys]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!card) return;
    const parsed = deliveryEmailSchema.safeParse(email);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? EMAIL_REQUIRED_MESSAGE;
      setError(message);
      if (email.trim() === "") {
        toast({ title: EMAIL_REQUIRED_TITLE, description: EMAIL_REQUIRED_MESSAGE, variant: "destructive" });
      }
      return;
    }
    setError(undefined);
    const deliveryEmail = parsed.data;
    try {
      const result = await submitWithKey(keys, `${card.id}:${deliveryEmail}`, (idempotencyKey) =>
        redeem.mutateAsync({ giftCardId: card.id, deliveryEmail, idempotencyKey }),
      );
      toast({ title: "Gift Card Redeemed!", description: result.message, variant: "success" });
      onClose();
    } catch (failure) {
      toast({
        title: "Redemption Failed",
        description: errorMessage(failure, "Unable to process gift card redemption"),
        variant: "destructive",
      });
    }
  };

  return (
    <FormDialog
      open={card !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={card ? `Redeem ${card.name}` : "Redeem Gift Card"}
      description={
        card ? (
          <>
            {dollarValue(card.value)} {card.brand} gift card for{" "}
            <span className="font-semibold">{formatCount(card.pointCost)} points</span>. We email the code to
            the address below.
          </>
        ) : null
      }
      submitLabel="Confirm Redemption"
      pendingLabel="Redeeming..."
      pending={redeem.isPending}
      onSubmit={onSubmit}
    >
      <FormField id="delivery-email" label="Delivery email" error={error}>
        <Input
          {...fieldA11y("delivery-email", error)}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </FormField>
    </FormDialog>
  );
}
