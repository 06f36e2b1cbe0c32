// Provider facts, transcribed from shared/data/provider-facts.csv (keys mapped to fact-keys.ts,
// providers to slugs) plus a few added from provider docs. `value` is what the source states;
// numericValue is in the key's unit from fact-keys.ts (USD for money). CNY-valued facts keep
// their text and have no numericValue (no source gives them in USD). `scope` keeps apart two
// facts under one key (e.g. SLA per instance vs per region). asOf is set only where the source
// gives a full date. Many rows cite third-party pages: show the source and let users override.
import type { SeedFact } from "../types.ts";

export const facts: SeedFact[] = [
  // ───────────────────────────── AWS ─────────────────────────────
  {
    provider: "aws",
    key: "spot_interruption_notice_seconds",
    value: "120 seconds (two minutes)",
    numericValue: "120",
    unit: "seconds",
    sourceUrl: "https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/spot-instance-termination-notices.html",
    quote:
      "A Spot Instance interruption notice is a warning that is issued two minutes before Amazon EC2 stops or terminates your Spot Instance.",
  },
  {
    provider: "aws",
    key: "egress_internet_per_gb",
    value: "$0.09/GB (first 100 GB/month free, up to 10 TB)",
    numericValue: "0.09",
    unit: "USD/GB",
    sourceUrl: "https://wring.co/blog/aws-data-transfer-pricing-guide",
    quote:
      "The first 100GB OUT per month is free. Beyond that, outbound internet transfer costs $0.09/GB (up to 10TB).",
  },
  {
    provider: "aws",
    key: "free_egress_gb_per_month",
    value: "first 100 GB a month of internet egress free",
    numericValue: "100",
    unit: "GB/month",
    sourceUrl: "https://wring.co/blog/aws-data-transfer-pricing-guide",
    quote:
      "The first 100GB OUT per month is free. Beyond that, outbound internet transfer costs $0.09/GB (up to 10TB).",
  },
  {
    provider: "aws",
    key: "ingress_per_gb",
    value: "$0.000 per GB",
    numericValue: "0",
    unit: "USD/GB",
    sourceUrl:
      "https://repost.aws/questions/QUAT1NfOeZSAK5z8KXXO9jgA/do-amazon-aws-ec-2-free-tier-have-a-bandwidth-limit",
    quote: "$0.000 per GB - data transfer in per month",
  },
  {
    provider: "aws",
    key: "block_storage_ssd_per_gb_month",
    scope: "ebs-gp3",
    value: "$0.08/GB-month (EBS gp3 storage size)",
    numericValue: "0.08",
    unit: "USD/GB-month",
    asOf: "2021-02-04",
    sourceUrl: "https://www.saisci.com/aws/gp2-vs-gp3-cost-comparison-ebs-volumes/",
    quote:
      "If we only look at the pricing of the gp3 in terms of Storage Size ($0.08/GB-month) compared to the pricing of gp2 ($0.10/GB-month)",
  },
  {
    provider: "aws",
    key: "object_storage_per_gb_month",
    value: "$0.023/GB-month (S3 Standard, US East, first tier)",
    numericValue: "0.023",
    unit: "USD/GB-month",
    sourceUrl: "https://devnotes.tech/understanding-aws-s3-pricing-a-complete-cost-breakdown-with-examples",
    quote: "Pricing starts at $0.023 per GB/month (US East region)",
  },
  {
    provider: "aws",
    key: "snapshot_per_gb_month",
    value: "$0.05/GB-month (EBS snapshot standard tier; archive tier $0.0125)",
    numericValue: "0.05",
    unit: "USD/GB-month",
    sourceUrl: "https://docs.aws.amazon.com/ebs/latest/userguide/snapshot-archive-pricing.html",
    quote:
      "After the snapshot is restored to the standard tier, the snapshot is billed at the standard rate for snapshots of $0.05 per GB-month.",
  },
  {
    provider: "aws",
    key: "compute_sla_percent",
    scope: "region",
    value: "99.99% (region-level: instances across 2+ AZs; prior SLA version last updated 2022-05-05)",
    numericValue: "99.99",
    unit: "percent",
    asOf: "2022-05-05",
    sourceUrl: "https://aws.amazon.com/compute/sla/historical/",
    quote:
      "AWS will use commercially reasonable efforts to make each Included Service available for each AWS region with a Monthly Uptime Percentage of at least 99.99%",
  },
  {
    provider: "aws",
    key: "compute_sla_percent",
    scope: "instance",
    value: "99.5% (single EC2 instance in one AZ; article from 2022)",
    numericValue: "99.5",
    unit: "percent",
    sourceUrl: "https://www.javadeveloper.io/blog/aws/2022/aws-service-level-agreement.html",
    quote:
      "At the time of writing this article, a single EC2 instance in one Availability Zone has a guaranteed uptime percentage of 99.5%.",
  },
  {
    provider: "aws",
    key: "sla_credit",
    value: "10% (first tier: monthly uptime 99.0% to <99.99%)",
    numericValue: "10",
    unit: "percent of monthly charges",
    sourceUrl: "https://consolica.com/services/",
    quote: "Less than 99.99% but equal to or greater than 99.0% | 10% |",
  },
  {
    provider: "aws",
    key: "reserved_discount_3y_percent",
    value: "up to 72% off On-Demand (1- or 3-year Reserved Instances)",
    numericValue: "72",
    unit: "percent",
    sourceUrl: "https://jtexams.com/topics/ec2-purchasing-options",
    quote:
      "Reserved Instances commit you to a specific instance type, region, and operating system for one or three years. In exchange, you receive up to 72 percent off the On-Demand price.",
  },
  {
    provider: "aws",
    key: "spot_discount_max_percent",
    value: "up to 90% off On-Demand",
    numericValue: "90",
    unit: "percent",
    sourceUrl: "https://jtexams.com/topics/ec2-purchasing-options",
    quote: "Spot Instances use AWS's spare EC2 capacity at discounts of up to 90 percent off On-Demand.",
  },
  {
    provider: "aws",
    key: "billing_granularity",
    value: "per second, 60 s minimum (Linux; On-Demand, Reserved and Spot)",
    asOf: "2017-10-02",
    sourceUrl: "https://aws.amazon.com/about-aws/whats-new/2017/10/announcing-amazon-ec2-per-second-billing/",
    quote:
      "Amazon EC2 usage of Linux based instances that are launched in On-Demand, Reserved and Spot form will be billed on one second increments, with a minimum of 60 seconds.",
  },
  {
    provider: "aws",
    key: "support_plan_price",
    value: "Business: greater of $100/month or 10%..3% of monthly usage (tiered)",
    unit: "USD/month",
    sourceUrl: "https://awsnegotiations.com/aws-support-tier-strategy-guide.html",
    quote:
      "Business Support. Tiered percentage of monthly AWS usage, starting at 10% on the first $10K and stepping down to 3% above $250K, with a $100/month minimum.",
  },

  // ───────────────────────────── Google Cloud ─────────────────────────────
  {
    provider: "gcp",
    key: "spot_discount_max_percent",
    value: "up to 91% off the default price",
    numericValue: "91",
    unit: "percent",
    sourceUrl: "https://docs.cloud.google.com/compute/docs/instances/create-use-spot",
    quote: "Spot VMs are available at a discount of up to 91% off of the default price of standard VMs.",
  },
  {
    provider: "gcp",
    key: "spot_sla_coverage",
    value: "not covered",
    sourceUrl: "https://docs.cloud.google.com/compute/docs/instances/create-use-spot.md.txt",
    quote:
      "Spot VMs are not covered by any Service Level Agreement and are excluded from the Compute Engine SLA.",
  },
  {
    provider: "gcp",
    key: "preemptible_vm_max_runtime",
    value: "24 hours",
    numericValue: "24",
    unit: "hours",
    sourceUrl: "https://docs.cloud.google.com/compute/docs/instances/create-use-preemptible.md.txt",
    quote: "Preemptible VMs always stop after 24 hours.",
  },
  {
    provider: "gcp",
    key: "spot_interruption_notice_seconds",
    value: "30 seconds (Spot VMs; 120 s for standard VMs)",
    numericValue: "30",
    unit: "seconds",
    sourceUrl:
      "https://pub.dev/documentation/googleapis/latest/compute_v1/Scheduling/skipGuestOsShutdown.html",
    quote:
      "Default is false and there will be 120 seconds between GCE ACPI G2 Soft Off and ACPI G3 Mechanical Off for Standard VMs and 30 seconds for Spot VMs.",
  },
  {
    provider: "gcp",
    key: "compute_sla_percent",
    scope: "region",
    value: ">= 99.99% (instances in multiple zones)",
    numericValue: "99.99",
    unit: "percent",
    sourceUrl: "https://cloud.google.com/compute/sla",
    quote:
      "Instances in Multiple Zones >= 99.99% A Single Instance of Memory Optimized family* >= 99.95% A Single Instance of all other families** >= 99.9%",
  },
  {
    provider: "gcp",
    key: "compute_sla_percent",
    scope: "instance",
    value: ">= 99.9% (single instance, families other than memory-optimized)",
    numericValue: "99.9",
    unit: "percent",
    sourceUrl: "https://cloud.google.com/compute/sla",
    quote:
      "Instances in Multiple Zones >= 99.99% A Single Instance of Memory Optimized family* >= 99.95% A Single Instance of all other families** >= 99.9%",
  },
  {
    provider: "gcp",
    key: "egress_internet_per_gb",
    value: "$0.12/GB (Premium Tier, first TB; Standard Tier $0.085/GB)",
    numericValue: "0.12",
    unit: "USD/GB",
    sourceUrl:
      "https://dev.to/suhas_mallesh/gcp-defaults-every-vm-to-premium-network-and-youre-paying-40-more-for-egress-you-dont-need-5bhm",
    quote:
      "GCP has two network tiers: Premium ($0.12/GB) and Standard ($0.085/GB). Premium routes traffic over Google's private backbone.",
  },
  {
    provider: "gcp",
    key: "ingress_per_gb",
    value: "free",
    numericValue: "0",
    unit: "USD/GB",
    sourceUrl: "https://cloud.google.com/network-tiers/pricing",
    quote: "Ingress pricing is still free.",
  },
  {
    provider: "gcp",
    key: "block_storage_ssd_per_gb_month",
    scope: "pd-balanced",
    value: "~$0.10/GB-month (pd-balanced; pd-ssd ~$0.17)",
    numericValue: "0.10",
    unit: "USD/GB-month",
    sourceUrl: "https://c3x.dev/blog/gcp-persistent-disk-types-cost/",
    quote:
      "GCP persistent disks bill per provisioned GB-month by type: pd-standard ~$0.04, pd-balanced ~$0.10, pd-ssd ~$0.17",
  },
  {
    provider: "gcp",
    key: "object_storage_per_gb_month",
    value: "$0.020/GB-month (Standard storage, pricing example)",
    numericValue: "0.020",
    unit: "USD/GB-month",
    sourceUrl: "https://cloud.google.com/storage/pricing-examples",
    quote: "Data storage 50 GB Standard storage * $0.020 per GB $1.00",
  },
  {
    provider: "gcp",
    key: "snapshot_per_gb_month",
    value: "$0.05/GB-month (regional standard snapshot, us-central1 base; multi-regional $0.065)",
    numericValue: "0.05",
    unit: "USD/GB-month",
    asOf: "2023-04-01",
    sourceUrl: "https://cloud-dot-devsite-v2-prod.appspot.com/compute/pricing-announce?hl=id",
    quote:
      "Harga penyimpanan snapshot regional akan naik dari $0,026 GB per bulan menjadi $0,05 GB per bulan (dasar us-central1).",
  },
  {
    provider: "gcp",
    key: "reserved_discount_1y_percent",
    value: "37% (resource-based committed use discount, 1 year)",
    numericValue: "37",
    unit: "percent",
    sourceUrl: "https://lillytechsystems.com/ai-school/gcp-ai-cost/cuds.html",
    quote:
      "Committed Use Discounts (CUDs) provide 37-55% savings on GCP compute resources in exchange for a 1 or 3-year commitment.",
  },
  {
    provider: "gcp",
    key: "reserved_discount_3y_percent",
    value: "up to 57% (machine types or GPUs; 70% for memory-optimized)",
    numericValue: "57",
    unit: "percent",
    sourceUrl: "https://cloud.google.com/compute/docs/instances/signing-up-committed-use-discounts",
    quote:
      "The discount is up to 57% for most resources like machine types or GPUs. The discount is up to 70% for memory-optimized machine types.",
  },
  {
    provider: "gcp",
    key: "support_plan_price",
    value: "Enhanced: greater of $500/month or 3% of monthly spend (as of 2026-Q1)",
    unit: "USD/month",
    sourceUrl: "https://www.bestnegotiationconsultingfirms.com/blog/google-cloud-support-pricing.html",
    quote:
      "Enhanced Support at $500/month minimum or 3% of monthly GCP spend adds: P1 support (production down, 1-hour response target)",
  },
  {
    provider: "gcp",
    key: "billing_granularity",
    value: "per second, 1 minute minimum",
    sourceUrl:
      "https://campus.datacamp.com/courses/essential-google-cloud-infrastructure-foundation/virtual-machines?ex=9",
    quote:
      "All vCPUs, GPUs, and GB of memory are charged a minimum of 1 minute. For example, if you run your virtual machine for 30 seconds, you will be billed for 1 minute of usage.",
  },

  // ───────────────────────────── Azure ─────────────────────────────
  {
    provider: "azure",
    key: "egress_internet_per_gb",
    value: "~$0.087/GB (first 10 TB after 100 GB free)",
    numericValue: "0.087",
    unit: "USD/GB",
    sourceUrl: "https://c3x.dev/blog/azure-egress-bandwidth-cost/",
    quote:
      "Azure egress: first 100 GB/month free, then tiered ~$0.087/GB (first 10 TB) for internet egress, dropping at scale. Ingress is free;",
  },
  {
    provider: "azure",
    key: "free_egress_gb_per_month",
    value: "first 100 GB a month of internet egress free",
    numericValue: "100",
    unit: "GB/month",
    sourceUrl: "https://c3x.dev/blog/azure-egress-bandwidth-cost/",
    quote:
      "Azure egress: first 100 GB/month free, then tiered ~$0.087/GB (first 10 TB) for internet egress, dropping at scale. Ingress is free;",
  },
  {
    provider: "azure",
    key: "ingress_per_gb",
    value: "not charged",
    numericValue: "0",
    unit: "USD/GB",
    asOf: "2023-08-16",
    sourceUrl: "https://adammazouz.com/post/2023/8/understanding-azure-bandwidth-part-1/",
    quote: "Ingress traffic directed towards Azure data centers is not subject to charges.",
  },
  {
    provider: "azure",
    key: "compute_sla_percent",
    scope: "region",
    value: "99.99% (2+ VMs across 2+ Availability Zones)",
    numericValue: "99.99",
    unit: "percent",
    asOf: "2019-04-25",
    sourceUrl: "https://www.2azure.nl/2019/04/25/azure-virtual-machines-sla-explained/",
    quote:
      "For all Virtual Machines that have two or more instances deployed across two or more Availability Zones in the same Azure region, we guarantee you will have Virtual Machine Connectivity to at least",
  },
  {
    provider: "azure",
    key: "compute_sla_percent",
    scope: "instance",
    value: "99.9% (single VM with Premium storage for all disks)",
    numericValue: "99.9",
    unit: "percent",
    asOf: "2019-04-25",
    sourceUrl: "https://www.2azure.nl/2019/04/25/azure-virtual-machines-sla-explained/",
    quote:
      "For any Single Virtual Machine using premium storage for all Operating System Disks and Data Disks, we guarantee you will have Virtual Machine Connectivity of at least 99.9%.",
  },
  {
    provider: "azure",
    key: "sla_credit",
    value: "10% (<99.99%), 25% (<99%), 100% (<95%)",
    numericValue: "10", // first tier
    unit: "percent of monthly service fee",
    sourceUrl: "https://www.dev-toolbox.tech/tools/uptime-calculator/examples/azure-vm-sla",
    quote: "| < 99.99% | 10% credit | | < 99% | 25% credit | | < 95% | 100% credit |",
  },
  {
    provider: "azure",
    key: "spot_interruption_notice_seconds",
    value: "30 seconds",
    numericValue: "30",
    unit: "seconds",
    asOf: "2020-10-05",
    sourceUrl: "https://github.com/MicrosoftDocs/azure-docs/blob/main/articles/virtual-machines/spot-vms.md",
    quote:
      "At any point in time when Azure needs the capacity back, the Azure infrastructure will evict Azure Spot Virtual Machines with 30 seconds notice.",
  },
  {
    provider: "azure",
    key: "reserved_discount_3y_percent",
    value: "up to 72% off pay-as-you-go (3-year reserved VM instance)",
    numericValue: "72",
    unit: "percent",
    sourceUrl: "https://blog.reserved.ai/azure-reserved-instances/",
    quote: "The potential savings can reach 72% for a three year contract",
  },
  {
    provider: "azure",
    key: "spot_discount_max_percent",
    value: "up to 90% off pay-as-you-go",
    numericValue: "90",
    unit: "percent",
    sourceUrl: "https://hardlygospel.github.io/azure-training/azure-fundamentals/03-pricing-support/",
    quote: "| Spot VMs | Up to 90% | None (can be evicted) | Fault-tolerant batch jobs |",
  },
  {
    provider: "azure",
    key: "billing_granularity",
    value: "per second (pay-as-you-go VMs; third-party source)",
    sourceUrl: "https://blog.reserved.ai/azure-reserved-instances/",
    quote:
      "Azure VM Instances provide on-demand Virtual Machine (VM) compute capacity on a pay-as-you-go (PAYG) basis that is billed by the second.",
  },
  {
    provider: "azure",
    key: "support_plan_price",
    value: "Standard: ~$100/month (24/7 for Severity A)",
    unit: "USD/month",
    sourceUrl: "https://protego.me/courses/az-900/az900-l18-azure-support-sla",
    quote: "| Standard | ~$100 | Production workloads | 2 hours |",
  },

  // ───────────────────────────── Alibaba Cloud ─────────────────────────────
  {
    provider: "alibaba",
    key: "compute_sla_percent",
    scope: "instance",
    value: "99.975% (single ECS instance; aggregator summary)",
    numericValue: "99.975",
    unit: "percent",
    sourceUrl: "https://sla.directory/vendors/alibaba-cloud/",
    quote: "| ECS (Single Instance) Individual ECS instances | Compute | 99.975% | eligible |",
  },
  {
    provider: "alibaba",
    key: "compute_sla_percent",
    scope: "region",
    value: "99.995% (ECS across multiple zones; aggregator summary)",
    numericValue: "99.995",
    unit: "percent",
    sourceUrl: "https://sla.directory/vendors/alibaba-cloud/",
    quote: "| ECS (Multi-Zone) Instances across multiple zones | Compute | 99.995% | eligible |",
  },
  {
    provider: "alibaba",
    key: "sla_credit",
    value: "10% (<99.99%), 25% (<99%), 100% (<95%) [aggregator vendor-level summary]",
    numericValue: "10", // first tier
    unit: "percent of monthly service fee",
    sourceUrl: "https://sla.directory/vendors/alibaba-cloud/",
    quote:
      "| If monthly uptime falls below | Service credit | |---|---| | 99.99% | 10% | | 99% | 25% | | 95% | 100% |",
  },
  {
    provider: "alibaba",
    key: "spot_discount_max_percent",
    value: "up to 90% off pay-as-you-go",
    numericValue: "90",
    unit: "percent",
    asOf: "2026-05-08",
    sourceUrl: "https://www.alibabacloud.com/help/en/ecs/spot-instance",
    quote:
      "The market price for a spot instance fluctuates in real time based on supply and demand, reducing your costs by up to 90% compared to regular pay-as-you-go instances.",
  },
  {
    provider: "alibaba",
    key: "billing_granularity",
    value: "per second, billed hourly (spot instances)",
    asOf: "2026-05-08",
    sourceUrl: "https://www.alibabacloud.com/help/en/ecs/spot-instance",
    quote: "Fees are calculated per second, and a bill is generated hourly.",
  },
  {
    provider: "alibaba",
    key: "spot_interruption_notice_seconds",
    value: "about five minutes",
    numericValue: "300",
    unit: "seconds",
    asOf: "2018-07-31",
    sourceUrl: "https://www.alibabacloud.com/help/faq-detail/48269.htm",
    quote:
      "When a preemptible instance is released because its market price or supply changes, the instance enters the Pending Release status. Then, the instance is released in about five minutes.",
  },
  {
    provider: "alibaba",
    key: "object_storage_per_gb_month",
    scope: "international-site",
    value: "USD 0.0173/GB-month (OSS Standard LRS, international site)",
    numericValue: "0.0173",
    unit: "USD/GB-month",
    asOf: "2024-12-20",
    sourceUrl: "https://alibabacloud.com/help/en/oss/product-overview/storage-fees",
    quote:
      "For example, the unit price for the storage usage of Standard locally redundant storage (LRS) objects is USD 0.0173 per GB-month",
  },
  {
    provider: "alibaba",
    key: "object_storage_per_gb_month",
    scope: "china-site",
    value: "0.12 CNY/GB-month (OSS Standard LRS, China site)",
    unit: "CNY/GB-month",
    sourceUrl: "https://help.aliyun.com/en/oss/storage-fees",
    quote: "例如标准型(本地冗余存储)单价为0.12元/GB/月",
  },
  {
    // The international site's Internet Shared Bandwidth product, in USD; the mainland ECS rate
    // (CNY, below) is the default a job is priced with.
    provider: "alibaba",
    key: "egress_internet_per_gb",
    scope: "intl-shared-bandwidth",
    value: "$0.123/GB (Internet Shared Bandwidth pay-by-data-transfer, China (Shanghai))",
    numericValue: "0.123",
    unit: "USD/GB",
    sourceUrl:
      "https://www.alibabacloud.com/help/en/internet-shared-bandwidth/product-overview/pay-by-data-transfer",
    quote: "Unit price for China (Shanghai): $0.123/GB",
  },
  {
    provider: "alibaba",
    key: "ingress_per_gb",
    value: "inbound traffic free of charge",
    numericValue: "0",
    unit: "USD/GB",
    sourceUrl: "https://help.aliyun.com/en/ecs/public-bandwidth",
    quote:
      "After you configure a static public IP address for an ECS instance, Alibaba Cloud charges you only for outbound traffic. Inbound traffic is free of charge.",
  },
  // Issue 46 §4: mainland China (中国内地) prices in CNY from Alibaba's own billing pages
  // (help.aliyun.com, read 2026-12-07 from stored copies; the pages state no date). Each page
  // prices its worked example in 华东1（杭州） and says the price page rules; that is what the
  // value says. Pay-as-you-go rates, the way a job is billed.
  {
    provider: "alibaba",
    key: "egress_internet_per_gb",
    value:
      "0.8 CNY/GB outbound (ECS fixed public IP, pay-by-traffic; the page's example for 华东1（杭州）; inbound free)",
    numericValue: "0.8",
    unit: "CNY/GB",
    sourceUrl: "https://help.aliyun.com/zh/ecs/public-bandwidth",
    quote: "出网流量：15.5GB 每 GB 流量单价： 0.8 元/GB | 公网带宽费用为 15.5 * 0.8 = 12.4 元",
  },
  {
    provider: "alibaba",
    key: "block_storage_ssd_per_gb_month",
    value:
      "0.00105 CNY/GiB-hour pay-as-you-go (ESSD PL0 cloud disk; 0.50 CNY/GiB-month on subscription; the page's example for 华东1（杭州）)",
    numericValue: "0.00105",
    unit: "CNY/GiB-hour",
    sourceUrl: "https://help.aliyun.com/zh/ecs/block-storage-devices",
    quote: "系统盘：ESSD PL0 云盘单价 0.00105 元/1 GiB/小时",
  },
  {
    provider: "alibaba",
    key: "block_storage_ssd_per_gb_month",
    scope: "essd-pl1",
    value:
      "0.00210 CNY/GiB-hour pay-as-you-go (ESSD PL1 cloud disk; 1.00 CNY/GiB-month on subscription; the page's example for 华东1（杭州）)",
    numericValue: "0.0021",
    unit: "CNY/GiB-hour",
    sourceUrl: "https://help.aliyun.com/zh/ecs/block-storage-devices",
    quote: "数据盘：ESSD PL1 云盘单价 0.00210 元/1 GiB/小时",
  },
  {
    provider: "alibaba",
    key: "snapshot_per_gb_month",
    value:
      "0.12 CNY/GB-month (standard snapshot, pay-as-you-go by the hour; the page's example for 杭州; archive snapshots 0.06)",
    numericValue: "0.12",
    unit: "CNY/GB-month",
    sourceUrl: "https://help.aliyun.com/zh/ecs/snapshots-1",
    quote: "假设在杭州地域有100 GB的标准快照，杭州地域的标准快照单价为0.12元/GB/月。",
  },

  // ───────────────────────────── Tencent Cloud ─────────────────────────────
  {
    provider: "tencent",
    key: "spot_interruption_notice_seconds",
    value: "two minutes (metadata notice)",
    numericValue: "120",
    unit: "seconds",
    sourceUrl: "https://intl.cloud.tencent.com/document/product/213/17817",
    quote:
      "Two minutes before the interruption, we will notify you in the form of metadata that the instance is about to be interrupted and repossessed.",
  },
  {
    provider: "tencent",
    key: "billing_granularity",
    value: "per second, settled hourly (pay-as-you-go and spot)",
    sourceUrl: "https://intl.cloud.tencent.com/document/product/213/17817",
    quote:
      "The billing time granularity is accurate to the second, and the account will be settled every hour.",
  },
  {
    // A price ratio, not a discount: 3%-20% of pay-as-you-go means 80%-97% off. Kept as text.
    provider: "tencent",
    key: "spot_discount_max_percent",
    value: "spot price is 3%-20% of the pay-as-you-go price in most cases",
    sourceUrl: "https://tencentcloud.com/document/product/213/17817",
    quote:
      "In the vast majority of cases, the price of spot instances is 3%-20% of the pay-as-you-go price under the same specification",
  },
  {
    provider: "tencent",
    key: "object_storage_per_gb_month",
    value: "USD 0.02/GB-month (COS Standard, Chengdu/Chongqing)",
    numericValue: "0.02",
    unit: "USD/GB-month",
    sourceUrl:
      "https://github.com/tencentyun/intlcloud-documents/blob/master/yehe_doc/%E5%9F%BA%E7%A1%80%E5%AD%98%E5%82%A8%E6%9C%8D%E5%8A%A1/%E5%AF%B9%E8%B1%A1%E5%AD%98%E5%82%A8/%E8%B4%AD%E4%B9%B0%E6%8C%87%E5%8D%97/%E4%BA%A7%E5%93%81%E5%AE%9A%E4%BB%B7_intl_zh.md",
    quote: '<td rowspan="3">成都、重庆</td> <td>标准存储</td> <td>0.02</td>',
  },

  // Issue 46 §4: mainland China prices in CNY from Tencent's own documentation repository
  // (tencentyun/qcloud-documents, the source of cloud.tencent.com/document; read 2026-12-07 at the
  // commit linked). The pages state no date and are older than Tencent's current disk line-up
  // (高性能云硬盘 and 增强型SSD are not on the pricing page found): date unknown. No current
  // snapshot price was found (the only snapshot page is an archived pre-launch estimate), so
  // Tencent's snapshot line stays unknown.
  {
    provider: "tencent",
    key: "egress_internet_per_gb",
    value:
      "0.80 CNY/GB outbound (CVM public network, pay-by-traffic, mainland China; the page's worked example)",
    numericValue: "0.8",
    unit: "CNY/GB",
    sourceUrl:
      "https://github.com/tencentyun/qcloud-documents/blob/0f330adf19eaf9e096ceaebd38ba829055da14ac/product/%E8%AE%A1%E7%AE%97%E4%B8%8E%E7%BD%91%E7%BB%9C/%E4%BA%91%E6%9C%8D%E5%8A%A1%E5%99%A8/%E8%B4%AD%E4%B9%B0%E6%8C%87%E5%8D%97/%E8%B4%AD%E4%B9%B0%E5%85%AC%E7%BD%91%E7%BD%91%E7%BB%9C/%E5%85%AC%E7%BD%91%E8%AE%A1%E8%B4%B9%E6%A8%A1%E5%BC%8F.md",
    quote: "按流量计费，则总价格为 949.219GB * 0.80元/GB = 759.375 (元)。",
  },
  {
    provider: "tencent",
    key: "block_storage_ssd_per_gb_month",
    value:
      "0.33 CNY per 100 GB-hour pay-as-you-go (SSD云硬盘 data disk; 1.10 CNY/GB-month on monthly subscription; Tencent pricing-centre page, date unknown)",
    numericValue: "0.0033",
    unit: "CNY/GB-hour",
    sourceUrl:
      "https://github.com/tencentyun/qcloud-documents/blob/045c0508eac108478955d3116fcaf60bb5d080d1/product/%E7%AE%A1%E7%90%86%E4%B8%8E%E6%94%AF%E6%8C%81/%E5%AE%9A%E4%BB%B7%E4%B8%AD%E5%BF%83/%E4%BA%91%E7%A1%AC%E7%9B%98%20CBS.md",
    quote: "<td>SSD云硬盘</td> <td>10G</td> <td>4000G</td> <td>-</td> <td>0.33</td> … 单位为 元/100GB/小时",
  },

  // ───────────────────────────── Lambda ─────────────────────────────
  {
    provider: "lambda",
    key: "billing_granularity",
    value: "per minute (on-demand instances)",
    sourceUrl: "https://docs.lambda.ai/public-cloud/billing",
    quote: "ODC prices instances by hourly usage and bills in one-minute increments.",
  },
  {
    provider: "lambda",
    key: "block_storage_ssd_per_gb_month",
    scope: "filesystem",
    value: "$0.20 per GiB per month (filesystem; the page calls it an example rate)",
    numericValue: "0.20", // per GiB as the source states it: lib/tco/units.ts converts to per GB
    unit: "USD/GiB-month",
    sourceUrl: "https://docs.lambda.ai/public-cloud/billing",
    quote:
      "Filesystems are billed per GiB used per month in one-hour increments. For example, at a rate of $0.20 per GiB per month:",
  },
  {
    provider: "lambda",
    key: "snapshots_offered",
    value: "no (the billing page lists instances and filesystems only; no snapshot product)",
    sourceUrl: "https://docs.lambda.ai/public-cloud/billing",
    quote:
      "Filesystems are billed per GiB used per month in one-hour increments. For example, at a rate of $0.20 per GiB per month:",
  },
  {
    provider: "lambda",
    key: "free_egress",
    value: "yes",
    sourceUrl: "https://docs.lambda.ai/public-cloud/billing",
    quote:
      "Billing continues as long as a filesystem exists, even if it's not mounted to an instance. There is no minimum storage period, and you are not charged for ingress or egress.",
  },

  // ───────────────────────────── RunPod ─────────────────────────────
  {
    provider: "runpod",
    key: "billing_granularity",
    value: "per second (compute and storage)",
    sourceUrl: "https://docs.runpod.io/pods/pricing",
    quote:
      "All Pods are billed by the second for compute and storage, with no additional fees for data ingress or egress.",
  },
  {
    provider: "runpod",
    key: "free_egress",
    value: "yes",
    sourceUrl: "https://docs.runpod.io/pods/pricing",
    quote:
      "All Pods are billed by the second for compute and storage, with no additional fees for data ingress or egress.",
  },
  {
    provider: "runpod",
    key: "ingress_per_gb",
    value: "no fee",
    numericValue: "0",
    unit: "USD/GB",
    sourceUrl: "https://docs.runpod.io/pods/pricing",
    quote:
      "All Pods are billed by the second for compute and storage, with no additional fees for data ingress or egress.",
  },
  {
    provider: "runpod",
    key: "spot_interruption_notice_seconds",
    value: "5 seconds (SIGTERM, then SIGKILL)",
    numericValue: "5",
    unit: "seconds",
    sourceUrl: "https://github.com/runpod/docs/blob/main/pods/pricing.mdx",
    quote:
      "Spot instances can be terminated with only a 5-second warning (SIGTERM signal, followed by SIGKILL).",
  },
  {
    provider: "runpod",
    key: "block_storage_ssd_per_gb_month",
    scope: "volume-disk-running",
    value: "$0.10/GB-month on running Pods ($0.20 on stopped Pods)",
    numericValue: "0.10",
    unit: "USD/GB-month",
    sourceUrl: "https://github.com/runpod/docs/blob/main/pods/pricing.mdx",
    quote:
      "Disk volumes: Persistent storage that is billed at $0.10 per GB per month on running Pods and $0.20 per GB per month for volume storage on stopped Pods.",
  },
  {
    provider: "runpod",
    key: "block_storage_ssd_per_gb_month",
    scope: "network-volume",
    value: "$0.07/GB-month below 1 TB ($0.05 above 1 TB)",
    numericValue: "0.07",
    unit: "USD/GB-month",
    sourceUrl: "https://github.com/runpod/docs/blob/main/pods/pricing.mdx",
    quote:
      "Network volumes: External storage that is billed at $0.07 per GB per month for storage requirements below 1TB. For requirements exceeding 1TB, the rate is $0.05 per GB per month.",
  },

  // ───────────────────────────── CoreWeave ─────────────────────────────
  {
    provider: "coreweave",
    key: "billing_granularity",
    value: "per minute, no minimum charge",
    sourceUrl: "https://docs.coreweave.com/resources/billing-and-charges",
    quote:
      "Billing and resource consumption are calculated on a per-minute basis. There is no minimum resource charge.",
  },
  {
    provider: "coreweave",
    key: "object_storage_per_gb_month",
    value: "$0.06/GB-month (AI Object Storage, Hot tier; Warm $0.03, Cold $0.015)",
    numericValue: "0.06",
    unit: "USD/GB-month",
    asOf: "2025-10-31",
    sourceUrl: "https://docs.coreweave.com/docs/pricing/pricing-storage",
    quote: "| AI Object Storage | Hot | $0.06/GB/mo* |",
  },
  {
    provider: "coreweave",
    key: "block_storage_ssd_per_gb_month",
    scope: "distributed-file-storage",
    value: "$0.070/GB-month (Distributed File Storage; no separate block SSD price found)",
    numericValue: "0.070",
    unit: "USD/GB-month",
    sourceUrl: "https://docs.coreweave.com/docs/pricing/pricing-storage",
    quote: "| Distributed File Storage | - | $0.070/GB/mo* |",
  },
  {
    provider: "coreweave",
    key: "free_egress",
    value: "yes",
    sourceUrl: "https://docs.coreweave.com/docs/pricing/pricing-storage",
    quote: "| Egress and Input Output Operations per Second | - | Free |",
  },
  {
    provider: "coreweave",
    key: "reserved_discount_3y_percent",
    value: "up to 60% off On-Demand for committed usage (term not stated)",
    numericValue: "60",
    unit: "percent",
    asOf: "2026-09-20",
    sourceUrl:
      "https://github.com/api-evangelist/coreweave/blob/27bcc25e6b1936055be7a93d6ea2d0f6a6d9d084/plans/coreweave-plans-pricing.yml",
    quote: "up to 60% discounts over our On-Demand prices for committed usage",
  },

  // ───────────────────────────── Nebius ─────────────────────────────
  {
    provider: "nebius",
    key: "billing_granularity",
    value: "per second (GPUs on running VMs; priced per hour)",
    sourceUrl: "https://docs.nebius.com/object-storage/resources/pricing",
    quote:
      "For example, for GPUs on running VMs, the billing unit is 1 second, and the pricing unit is 1 hour (3600 seconds).",
  },
  {
    provider: "nebius",
    key: "object_storage_per_gb_month",
    value: "$0.0147 per GiB per 730 hours (Standard storage)",
    numericValue: "0.0147", // per GiB as the source states it: lib/tco/units.ts converts to per GB
    unit: "USD/GiB-month",
    sourceUrl: "https://docs.nebius.com/object-storage/resources/pricing",
    quote: "| Used space in Standard storage | $0.0147 |",
  },

  // ───────────────────────────── Vast.ai ─────────────────────────────
  {
    provider: "vast",
    key: "billing_granularity",
    value: "per second (active rental); storage per second while the instance exists",
    sourceUrl: "https://vast.ai/docs/billing/billing",
    quote:
      "You are charged the base active rental cost for every second your instance is in the active/connected state.",
  },
  {
    provider: "vast",
    key: "free_egress",
    value: "no (bandwidth billed separately at host-set rates)",
    sourceUrl: "https://docs.vast.ai/billing-help",
    quote:
      "There are separate prices and charges for: Active rental (GPU) costs Storage costs Bandwidth costs",
  },
];
