import { SearchCheck } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useReconcileDepositsMutation } from "../api";

/** A member's own deposit check: card payments of the last 30 days that never reached the wallet. */
export function MissingDepositsCheck() {
  const reconcile = useReconcileDepositsMutation();
  const run = async () => {
    try {
      const result = await reconcile.mutateAsync();
      if (result.depositsRecovered > 0) {
        toast({ title: "Deposits Recovered", description: result.message, variant: "success" });
      } else {
        toast({
          title: "No Missing Deposits",
          description: result.message || "All your card payments have reached your wallet.",
        });
      }
    } catch (error) {
      toast({
        title: "Reconciliation Failed",
        description: errorMessage(error, "Could not check your deposits. Please try again."),
        variant: "destructive",
      });
    }
  };
  return (
    <Button variant="outline" className="justify-start" onClick={run} disabled={reconcile.isPending}>
      <SearchCheck aria-hidden="true" />
      {reconcile.isPending ? "Checking deposits..." : "Check for missing deposits"}
    </Button>
  );
}
