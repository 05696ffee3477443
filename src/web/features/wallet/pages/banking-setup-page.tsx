import { Info } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useBanking } from "../api";
import { BankingForm } from "../components/banking-form";
import { SavedBanking } from "../components/saved-banking";

export function BankingSetupPage() {
  const { data, isPending } = useBanking();
  const banking = data?.banking ?? null;
  return (
    <>
      <PageHeader title="Banking Setup" backHref="/wallet" backLabel="Wallet" />
      <div className="mx-auto grid w-full max-w-xl gap-6">
        <div
          role="note"
          className="flex items-start gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950"
        >
          <Info className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden="true" />
          <div className="grid gap-1 text-sm">
            <p className="font-bold">Banking details are no longer required</p>
            <p>
              Add funds to your wallet with a card; winnings are paid in FitCoins. You can still keep a bank
              account on file.
            </p>
          </div>
        </div>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading banking details" />
          </div>
        ) : (
          <>
            {banking ? <SavedBanking banking={banking} /> : null}
            <Card>
              <CardHeader>
                <CardTitle>{banking ? "Update bank account" : "Add a bank account"}</CardTitle>
                <CardDescription>All fields are required.</CardDescription>
              </CardHeader>
              <CardContent>
                <BankingForm saved={banking} />
              </CardContent>
            </Card>
          </>
        )}
        <Button asChild variant="outline">
          <Link href="/wallet">Go to Wallet</Link>
        </Button>
      </div>
    </>
  );
}
