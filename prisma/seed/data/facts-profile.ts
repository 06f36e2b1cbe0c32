// Provider profile facts (issue 27): security and compliance, scaling and orchestration,
// support, images, capacity and storage — the questions a team asks before it commits. Each
// row is taken from the provider's own documentation, trust center, terms or blog, with the
// URL and a short verbatim quote of what the page says; it was read on 2026-12-02 from stored
// copies of those pages. asOf is set only where the page states its own date. A yes/no value
// starts with "yes", "partial" / "in progress" or "no" and then says the rest in words; a
// sourced "no" is a fact. What no page states is left out (unknown), never guessed. `scope`
// keeps apart statements about different products of one provider (e.g. CoreWeave's
// Dedicated VAST storage vs its Kubernetes service).
import type { SeedFact } from "../types.ts";

export const profileFacts: SeedFact[] = [
  // ───────────────────────────── AWS ─────────────────────────────
  {
    provider: "aws",
    key: "security_groups",
    value: "yes — security groups act as a virtual firewall for EC2 instances",
    sourceUrl: "https://docs.aws.amazon.com/sdk-for-net/v4/developer-guide/security-groups.html",
    quote:
      "In Amazon EC2, a security group acts as a virtual firewall that controls the network traffic for one or more EC2 instances.",
  },
  {
    provider: "aws",
    key: "support_24x7",
    value: "yes — Business and Enterprise support: phone, chat and email, around the clock",
    sourceUrl: "https://www.amazonaws.cn/support/support-plans/features/",
    quote: "商用级和企业级客户则可随时通过电话、在线聊天和电子邮件获得支持服务,全年全天候无休。",
  },
  {
    provider: "aws",
    key: "support_channels",
    value: "phone, chat and email (Business and Enterprise)",
    sourceUrl: "https://www.amazonaws.cn/support/support-plans/features/",
    quote: "商用级和企业级客户则可随时通过电话、在线聊天和电子邮件获得支持服务,全年全天候无休。",
  },
  {
    provider: "aws",
    key: "support_response_minutes",
    value: "15 minutes for a critical case (Enterprise); 1 hour urgent (Business, Enterprise)",
    numericValue: "15",
    unit: "minutes",
    sourceUrl: "https://www.amazonaws.cn/support/support-plans/features/",
    quote: "关键 15 分钟 企业 紧急 1 小时 商用、企业级",
  },
  {
    provider: "aws",
    key: "dedicated_technical_contact",
    value: "yes — a dedicated Technical Account Manager on Enterprise support",
    sourceUrl: "https://www.amazonaws.cn/support/support-plans/features/",
    quote: "企业级客户还能直接联系专职的技术客户经理。",
  },

  {
    provider: "aws",
    key: "prebuilt_dl_images",
    value:
      "yes — Deep Learning AMIs with frameworks and GPU software preinstalled, e.g. 'OSS Nvidia Driver AMI GPU PyTorch 2.9 (Ubuntu 24.04) 20260103' with NVIDIA driver 580.105.08",
    sourceUrl:
      "https://docs.amazonaws.cn/dlami/latest/devguide/aws-deep-learning-ami-gpupt29oss-ul2404-2026-01-08.md",
    quote:
      "深度学习 OSS Nvidia 驱动程序 AMI GPU PyTorch 2.9 (Ubuntu 24.04) 20260103 … nvidia_driver | 580.105.08",
  },

  {
    provider: "aws",
    key: "hipaa_baa",
    value:
      "yes — the Business Associate Addendum is reviewed and accepted in AWS Artifact, per account or organization",
    sourceUrl: "https://docs.aws.amazon.com/artifact/latest/ug/managing-agreements.html",
    quote:
      "In the AWS Artifact console, you can review and accept such agreements, and you can designate an AWS account that can legally process PHI.",
  },
  {
    provider: "aws",
    key: "soc2_type2",
    value:
      "yes — the AWS SOC 2 Security, Availability, Confidentiality & Privacy report is available to customers in AWS Artifact (the FAQ quoted does not name the report type)",
    sourceUrl: "https://aws.amazon.com/compliance/soc-faqs/",
    quote:
      "AWS SOC 2 Security, Availability, Confidentiality & Privacy Report available to AWS customers from AWS Artifact.",
  },

  {
    provider: "aws",
    key: "managed_kubernetes_gpu",
    value: "yes — Amazon EKS node groups on GPU instance types, with the EKS-optimized accelerated AMI",
    sourceUrl: "https://docs.aws.amazon.com/eks/latest/eksctl/gpu-support.html",
    quote: "Eksctl supports selecting GPU instance types for nodegroups.",
  },
  {
    provider: "aws",
    key: "gpu_operator",
    value: "yes — eksctl installs the NVIDIA Kubernetes device plugin on GPU node groups",
    sourceUrl: "https://docs.aws.amazon.com/eks/latest/eksctl/gpu-support.html",
    quote:
      "Eksctl will detect that an AMI with a GPU-enabled instance type has been selected and will install the NVIDIA Kubernetes device plugin automatically.",
  },

  // Issue 50 (read 2026-12-07 from stored copies of the pages quoted).
  {
    provider: "aws",
    key: "iam_roles",
    value:
      "yes — AWS IAM: users, credentials and permissions that control which AWS resources users and applications can access",
    sourceUrl: "https://docs.aws.amazon.com/iam/",
    quote:
      "With IAM, you can centrally manage users, security credentials such as access keys, and permissions that control which AWS resources users and applications can access.",
  },
  {
    provider: "aws",
    key: "encryption_at_rest",
    value:
      "yes — Amazon EBS encryption, supported on all EBS volume types (chosen per volume or as the account default)",
    sourceUrl: "https://docs.amazonaws.cn/en_us/ebs/latest/userguide/ebs-encryption-requirements.html",
    quote: "Encryption is supported by all EBS volume types.",
  },

  // ───────────────────────────── Google Cloud ─────────────────────────────
  {
    provider: "gcp",
    key: "managed_kubernetes_gpu",
    value: "yes — GKE manages GPU nodes (Autopilot or Standard node pools)",
    sourceUrl: "https://docs.cloud.google.com/kubernetes-engine/docs/how-to/gpu-operator.md.txt",
    quote:
      "We recommend using GKE GPU management for your GPU nodes, because GKE fully manages the GPU node lifecycle.",
  },
  {
    provider: "gcp",
    key: "gpu_operator",
    value: "yes — the NVIDIA GPU Operator can be enabled on GKE (GKE GPU management recommended)",
    sourceUrl: "https://docs.cloud.google.com/kubernetes-engine/docs/how-to/gpu-operator.md.txt",
    quote:
      "This page helps you decide when to use the NVIDIA GPU operator and shows you how to enable the NVIDIA GPU Operator on GKE.",
  },
  {
    provider: "gcp",
    key: "dedicated_technical_contact",
    value: "yes — a named Technical Account Manager with Premium Support",
    sourceUrl: "https://cloud.google.com/support/docs/premium",
    quote: "As a Premium Support customer, you are assigned a named Technical Account Manager (TAM).",
  },
  {
    provider: "gcp",
    key: "support_24x7",
    value: "yes — Premium Support P1 cases follow the sun, 24 hours a day",
    sourceUrl: "https://cloud-dot-devsite-v2-prod.appspot.com/support/docs/premium-best-practices",
    quote:
      'The case will "follow the sun" by default which means that Support experts will engage 24 hours a day until the case is mitigated or deprioritized.',
  },
  {
    provider: "gcp",
    key: "support_channels",
    value: "support cases; a live troubleshooting call (Google Meet) on Premium P1 cases",
    sourceUrl: "https://cloud-dot-devsite-v2-prod.appspot.com/support/docs/premium-best-practices",
    quote: "You will receive a quick initial response to join a live troubleshooting call using Google Meet.",
  },

  {
    provider: "gcp",
    key: "hipaa_baa",
    value: "yes — Google enters into BAAs (HIPAA Business Associate Addendum for Covered Services)",
    sourceUrl: "https://cloud.google.com/security/compliance/hipaa/",
    quote: "Google will enter into Business Associate Agreements with customers as necessary under HIPAA.",
  },

  // Issue 50 (read 2026-12-07 from stored copies of the pages quoted).
  {
    provider: "gcp",
    key: "encryption_at_rest",
    value:
      "yes — all customer content encrypted at rest by default, no action required (the page says it was correct as of July 2020)",
    sourceUrl: "https://cloud.google.com/docs/security/encryption/default-encryption",
    quote:
      "Google Cloud encrypts all customer content stored at rest, without any action required from the customer, using one or more encryption mechanisms.",
  },
  {
    provider: "gcp",
    key: "encryption_in_transit",
    value: "yes — encryption in transit (TLS) enabled by default",
    sourceUrl: "https://cloud.google.com/assured-workloads/docs/concept-encryption-keys",
    quote:
      "Google Cloud enables encryption in transit by default to encrypt requests before transmission and to protect the raw data using the Transport Layer Security (TLS) protocol.",
  },
  {
    provider: "gcp",
    key: "iam_roles",
    value: "yes — Identity and Access Management (IAM): granular access to specific Google Cloud resources",
    sourceUrl: "https://docs.cloud.google.com/web-risk/docs/iam.md.txt",
    quote:
      "which lets you give granular access to specific Google Cloud resources and prevents unwanted access to other resources.",
  },
  {
    provider: "gcp",
    key: "vpc_private_networking",
    value:
      "yes — Virtual Private Cloud (VPC) networking for Compute Engine VMs and GKE (Google's VPC Access client README)",
    sourceUrl:
      "https://www.github.com/googleapis/python-vpc-access/blob/6e8f2b1a5abd697da122854f8fee4c8d3cb00383/README.rst",
    quote:
      "Google Cloud Virtual Private Cloud (VPC): provides networking functionality to Compute Engine virtual machine (VM) instances, Google Kubernetes Engine (GKE) containers, and the App Engine flexible environment.",
  },

  // ───────────────────────────── Azure ─────────────────────────────
  {
    provider: "azure",
    key: "managed_kubernetes_gpu",
    value: "yes — AKS GPU node pools; AKS-managed GPU node pools (preview) maintain driver and device plugin",
    sourceUrl: "https://learn.microsoft.com/azure/aks/nvidia-gpu-operator",
    quote:
      "If you don't need the full control of the NVIDIA GPU Operator, AKS-managed GPU node pools (preview) install and maintain the NVIDIA driver, Kubernetes device plugin, and DCGM metrics exporter for you.",
  },
  {
    provider: "azure",
    key: "gpu_operator",
    value: "yes — the NVIDIA GPU Operator can be used on AKS",
    sourceUrl: "https://learn.microsoft.com/azure/aks/nvidia-gpu-operator",
    quote:
      "This also means that the automatic GPU driver installation should be skipped in order to use the NVIDIA GPU Operator on AKS.",
  },

  {
    provider: "azure",
    key: "support_response_minutes",
    value:
      "under 15 minutes for Severity A with Azure Rapid Response; under 1 hour on Standard, ProDirect and Premier",
    numericValue: "15",
    unit: "minutes",
    sourceUrl: "https://azure.microsoft.com/en-gb/support/plans/response/",
    quote: "Standard: < 1 hr ProDirect: < 1 hr Premier: < 1 hr Azure Rapid Response: < 15 min 24x7 access",
  },
  {
    provider: "azure",
    key: "support_24x7",
    value: "yes — 24x7 access for Severity A (critical business impact) on paid technical plans",
    sourceUrl: "https://azure.microsoft.com/en-gb/support/plans/response/",
    quote: "Standard: < 1 hr ProDirect: < 1 hr Premier: < 1 hr Azure Rapid Response: < 15 min 24x7 access",
  },
  {
    provider: "azure",
    key: "dedicated_technical_contact",
    value: "yes — advisory, escalation and account management at Professional Direct and Premier",
    sourceUrl: "https://azure.microsoft.com/en-gb/support/plans/response/",
    quote:
      "Advisory, escalation and account management services are available at the Professional Direct and Premier support levels.",
  },

  {
    provider: "azure",
    key: "security_groups",
    value: "yes — network security groups filter traffic between resources in a virtual network",
    sourceUrl: "https://learn.microsoft.com/en-US/Azure/virtual-network/network-security-groups-overview",
    quote:
      "You can use an Azure network security group to filter network traffic between Azure resources in an Azure virtual network.",
  },
  {
    provider: "azure",
    key: "vpc_private_networking",
    value: "yes — Azure virtual networks (VNets)",
    sourceUrl: "https://learn.microsoft.com/en-US/Azure/virtual-network/network-security-groups-overview",
    quote:
      "You can use an Azure network security group to filter network traffic between Azure resources in an Azure virtual network.",
  },

  // Issue 50 (read 2026-12-07 from stored copies of the pages quoted).
  {
    provider: "azure",
    key: "encryption_at_rest",
    value:
      "yes — data encrypted at rest by default with platform-managed keys (customer-managed keys optional)",
    sourceUrl: "https://learn.microsoft.com/en-gb/azUre/security/fundamentals/double-encryption",
    quote: "By default, Azure automatically encrypts data at rest by using platform-managed encryption keys.",
  },
  {
    provider: "azure",
    key: "encryption_in_transit",
    value: "yes — TLS 1.2 between Azure cloud services and the customer",
    sourceUrl: "https://learn.microsoft.com/en-gb/azUre/security/fundamentals/double-encryption",
    quote:
      "Transit encryption by using Transport Layer Security (TLS) 1.2 to protect data when it travels between cloud services and you.",
  },
  {
    provider: "azure",
    key: "iam_roles",
    value:
      "yes — Azure role-based access control (Azure RBAC), fine-grained access management (Azure China documentation)",
    sourceUrl: "https://docs.azure.cn/en-us/role-based-access-control/",
    quote:
      "Azure role-based access control (Azure RBAC) is a system that provides fine-grained access management of Azure resources.",
  },

  // ───────────────────────────── Alibaba Cloud ─────────────────────────────
  {
    provider: "alibaba",
    key: "managed_kubernetes_gpu",
    value: "yes — ACK schedules GPUs (per-GPU requests, GPU sharing, topology-aware scheduling)",
    asOf: "2026-06-16",
    sourceUrl: "https://www.alibabacloud.com/help/en/document_detail/422806.html",
    quote:
      "Alibaba Cloud Container Service for Kubernetes (ACK) manages and schedules heterogeneous resources such as GPUs, ASICs, and eRDMA to improve cluster utilization.",
  },
  {
    provider: "alibaba",
    key: "autoscaling",
    value: "yes — ACK auto scaling based on GPU metrics",
    asOf: "2026-06-16",
    sourceUrl: "https://www.alibabacloud.com/help/en/document_detail/422806.html",
    quote: "Supports auto scaling based on GPU metrics.",
  },
  {
    provider: "alibaba",
    key: "infiniband_rdma",
    value:
      "yes — eRDMA (elastic RDMA) clusters in ACK, RDMA over Alibaba Cloud's own network fabric; bandwidth not stated here",
    asOf: "2026-06-16",
    sourceUrl: "https://www.alibabacloud.com/help/en/document_detail/422806.html",
    quote:
      "ACK provides unified scheduling and management of heterogeneous resources, such as GPUs, Application-Specific Integrated Circuits (ASICs), and elastic Remote Direct Memory Access (eRDMA).",
  },

  {
    provider: "alibaba",
    key: "security_groups",
    value: "yes — security groups: a stateful virtual firewall for ECS instances",
    sourceUrl: "https://help.aliyun.com/en/document_detail/132691.html",
    quote:
      "A security group is a virtual firewall that uses stateful inspection and packet filtering to create security domains in the cloud.",
  },
  {
    provider: "alibaba",
    key: "terraform_provider",
    value: "yes — the alicloud Terraform provider, documented on Alibaba Cloud's help center",
    sourceUrl: "https://help.aliyun.com/document_detail/2588816.html",
    quote:
      "alicloud_security_group is used to build and manage a security group, and alicloud_security_group_rule can define ingress or egress rules for it.",
  },

  {
    provider: "alibaba",
    key: "support_24x7",
    value: "yes — 7x24 response by support engineers under the support plans (Enterprise, Premium, Elite)",
    sourceUrl: "https://help.aliyun.com/document_detail/37231.html",
    quote: "阿里云提供专业技术支持工程师的7x24小时快速响应,针对不同规模、能力的客户提供不同支持。",
  },
  {
    provider: "alibaba",
    key: "support_channels",
    value: "ticket, phone, online chat, a dedicated enterprise group, a dedicated TAM",
    sourceUrl: "https://help.aliyun.com/document_detail/37231.html",
    quote: "支持方式包括工单、电话、在线、专属企业群、专属技术服务经理(TAM),全年全天候为客户提供支持。",
  },
  {
    provider: "alibaba",
    key: "dedicated_technical_contact",
    value: "yes — a dedicated Technical Account Manager (TAM) in the support plans",
    sourceUrl: "https://help.aliyun.com/document_detail/37231.html",
    quote: "支持方式包括工单、电话、在线、专属企业群、专属技术服务经理(TAM),全年全天候为客户提供支持。",
  },

  // Issue 50: Alibaba's own documentation repository (AlibabaCloudDocs, the source of
  // help.aliyun.com), at the commit linked; the pages state no date.
  {
    provider: "alibaba",
    key: "encryption_at_rest",
    value: "yes — encrypted data disks (KMS keys), chosen when the disk is created",
    sourceUrl:
      "https://github.com/AlibabaCloudDocs/ecs/blob/241cfee707fba32d4479be25e8ac683705e0c2c1/cn.zh-CN/%E5%9D%97%E5%AD%98%E5%82%A8/%E5%8A%A0%E5%AF%86%E4%BA%91%E7%9B%98/%E5%8A%A0%E5%AF%86%E6%95%B0%E6%8D%AE%E7%9B%98.md",
    quote: "加密数据盘后，数据盘上的动态数据传输以及静态数据都会被加密。",
  },
  {
    provider: "alibaba",
    key: "encryption_in_transit",
    value:
      "partial — an encrypted data disk also encrypts the data moving between disk and instance; the page says nothing of network traffic",
    sourceUrl:
      "https://github.com/AlibabaCloudDocs/ecs/blob/241cfee707fba32d4479be25e8ac683705e0c2c1/cn.zh-CN/%E5%9D%97%E5%AD%98%E5%82%A8/%E5%8A%A0%E5%AF%86%E4%BA%91%E7%9B%98/%E5%8A%A0%E5%AF%86%E6%95%B0%E6%8D%AE%E7%9B%98.md",
    quote: "加密数据盘后，数据盘上的动态数据传输以及静态数据都会被加密。",
  },
  {
    provider: "alibaba",
    key: "iam_roles",
    value:
      "yes — RAM (Resource Access Management): RAM users, user groups and RAM roles with permission policies",
    sourceUrl:
      "https://github.com/AlibabaCloudDocs/ram/blob/06b7e86f191714ef7388294816b1f5490f6b74fa/cn.zh-CN/%E4%BA%A7%E5%93%81%E7%AE%80%E4%BB%8B/%E5%9F%BA%E6%9C%AC%E6%A6%82%E5%BF%B5.md",
    quote: "RAM角色有确定的身份，可以被赋予一组权限策略，但没有确定的登录密码或访问密钥。",
  },

  // ───────────────────────────── Tencent Cloud ─────────────────────────────
  {
    provider: "tencent",
    key: "iso27001",
    value: "yes — ISO 27001 named among Tencent Cloud's certifications",
    sourceUrl: "https://www.tencentcloud.com/services/compliance",
    quote:
      "Tencent Cloud has established a robust security and compliance framework anchored in a shared responsibility model and validated by international certifications such as ISO 27001 and SOC.",
  },
  {
    provider: "tencent",
    key: "soc2_type2",
    value: "SOC audits named; the page does not say which SOC report or type",
    sourceUrl: "https://www.tencentcloud.com/services/compliance",
    quote:
      "Tencent Cloud has established a robust security and compliance framework anchored in a shared responsibility model and validated by international certifications such as ISO 27001 and SOC.",
  },

  {
    provider: "tencent",
    key: "security_groups",
    value: "yes — a stateful virtual firewall for CVM, CLB and TencentDB instances",
    asOf: "2023-01-13",
    sourceUrl: "https://www.tencentcloud.com/document/product/1098/52810",
    quote:
      "A security group is a stateful virtual firewall capable of filtering. As an important means for network security isolation provided by Tencent Cloud, it can be used to set network access controls for instances of CVM, CLB and TencentDB.",
  },

  {
    provider: "tencent",
    key: "support_response_minutes",
    value:
      "under 15 minutes for a business-critical case (Enterprise); under 20 minutes production impact (Enterprise), under 30 (Business)",
    numericValue: "15",
    unit: "minutes",
    asOf: "2024-12-18",
    sourceUrl: "https://www.tencentcloud.com/ko/document/product/1214/56751",
    quote: "Production system impacted < 20 minutes Business critical < 15 minutes",
  },

  {
    provider: "tencent",
    key: "managed_kubernetes_gpu",
    value: "yes — TKE clusters with GPU nodes (V100, T4, A100, A10, L40, L40S …) and qGPU sharing",
    asOf: "2026-01-16",
    sourceUrl: "https://cloud.tencent.com/document/product/457/65734",
    quote: "支持 V100 (Gn10x)、T4 (Gn7)、A100 (GT4)、A10 (Pnv4)、L40 (Pnv5i)、L40s (Pnv5) 、Pnv5b、Pnv6。",
  },

  // Issue 50: Tencent's own documentation repository (tencentyun/qcloud-documents, the source
  // of cloud.tencent.com/document), at the commit linked; the pages state no date.
  {
    provider: "tencent",
    key: "encryption_at_rest",
    value: "yes — encrypted cloud disks (CBS), AES-256 with keys in KMS; data disks only, chosen at creation",
    sourceUrl:
      "https://github.com/tencentyun/qcloud-documents/blob/00d0cb9b04bf06b7501efa858649472ed6422772/product/%E8%AE%A1%E7%AE%97%E4%B8%8E%E7%BD%91%E7%BB%9C/%E4%BA%91%E7%A1%AC%E7%9B%98/%E4%BA%A7%E5%93%81%E7%AE%80%E4%BB%8B/%E4%BA%91%E7%A1%AC%E7%9B%98%E5%8A%A0%E5%AF%86.md",
    quote: "腾讯云使用行业标准的 AES-256 算法，利用数据密钥加密您的云硬盘数据。",
  },
  {
    provider: "tencent",
    key: "encryption_in_transit",
    value:
      "partial — an encrypted cloud disk also encrypts data between disk and instance (not inside the instance's OS); network traffic not stated",
    sourceUrl:
      "https://github.com/tencentyun/qcloud-documents/blob/00d0cb9b04bf06b7501efa858649472ed6422772/product/%E8%AE%A1%E7%AE%97%E4%B8%8E%E7%BD%91%E7%BB%9C/%E4%BA%91%E7%A1%AC%E7%9B%98/%E4%BA%A7%E5%93%81%E7%AE%80%E4%BB%8B/%E4%BA%91%E7%A1%AC%E7%9B%98%E5%8A%A0%E5%AF%86.md",
    quote: "云硬盘和实例间传输的数据（实例操作系统内的数据不加密）。",
  },
  {
    provider: "tencent",
    key: "vpc_private_networking",
    value:
      "yes — Virtual Private Cloud (VPC): a dedicated network space, private networks logically isolated from each other",
    sourceUrl:
      "https://github.com/tencentyun/qcloud-documents/blob/4ac7587327f3d60399cda1880bdb5e8afb5dfe56/product/%E8%AE%A1%E7%AE%97%E4%B8%8E%E7%BD%91%E7%BB%9C/%E7%A7%81%E6%9C%89%E7%BD%91%E7%BB%9C2018-09-13/%E4%BA%A7%E5%93%81%E7%AE%80%E4%BB%8B/%E5%85%B8%E5%9E%8B%E9%83%A8%E7%BD%B2%E6%96%B9%E6%A1%88/%E5%86%85%E5%A4%96%E7%BD%91%E9%9A%94%E7%A6%BB%E7%9A%84%E5%85%AC%E6%9C%89%E4%BA%91%E9%83%A8%E7%BD%B2.md",
    quote:
      "私有网络（Virtual Private Cloud，VPC）是基于腾讯云构建的专属云上网络空间，为您在腾讯云上的资源提供网络服务，不同私有网络间完全逻辑隔离。",
  },

  {
    // Issue 50: Tencent's CloudBase documentation (no date stated). Product-scoped: the page
    // states MLPS Level 3 for CloudBase; no page found states it for CVM / GPU instances.
    provider: "tencent",
    key: "china_mlps_level",
    scope: "cloudbase",
    value:
      "Level 3 (等保三级) — stated for Tencent CloudBase (云开发), a Tencent Cloud public-cloud product; not stated for CVM/GPU instances; applications built on it still need their own assessment",
    sourceUrl: "https://docs.cloudbase.net/security/classified-protection",
    quote: "三级等保认证：通过国家信息安全等级保护三级认证",
  },

  // ───────────────────────────── Lambda ─────────────────────────────
  {
    provider: "lambda",
    key: "security_groups",
    scope: "1-click-clusters",
    value: "yes — customers configure inbound firewall rules for 1-Click Cluster management nodes",
    sourceUrl: "https://docs.lambdalabs.com/1-click-clusters/security-posture",
    quote:
      "Customers can configure their own inbound firewall rules to expand or reduce the exposure of their management nodes.",
  },
  {
    provider: "lambda",
    key: "infiniband_rdma",
    scope: "private-cloud",
    value: "yes — InfiniBand fabric on Lambda Private Cloud compute nodes (bandwidth not stated here)",
    sourceUrl: "https://docs.lambda.ai/private-cloud/security-posture",
    quote: "These nodes are connected to the tenant's Ethernet network and InfiniBand fabric.",
  },
  {
    provider: "lambda",
    key: "vpc_private_networking",
    scope: "private-cloud",
    value: "yes — single-tenant networking, physically separated, on Lambda Private Cloud",
    sourceUrl: "https://docs.lambda.ai/private-cloud/security-posture",
    quote:
      "All networking is single-tenant and physically separated from any other Lambda customer hardware.",
  },

  {
    provider: "lambda",
    key: "iam_roles",
    scope: "public-cloud",
    value:
      "partial — two account roles (Admin, Member), both with full access to the account's resources; workspaces separate resources",
    sourceUrl: "https://docs.lambda.ai/public-cloud/access-security/",
    quote:
      "When you invite new members to your Lambda Cloud account, you assign them one of two roles: Admin or Member. Both roles have full access to your Lambda resources.",
  },
  {
    provider: "lambda",
    key: "persistent_storage_offered",
    scope: "private-cloud",
    value: "yes — a dedicated persistent storage cluster with each Lambda Private Cloud cluster",
    sourceUrl: "https://docs.lambda.ai/private-cloud/security-posture",
    quote: "Persistent storage is provisioned as a dedicated storage cluster alongside the physical cluster.",
  },

  // ───────────────────────────── CoreWeave ─────────────────────────────
  {
    provider: "coreweave",
    key: "managed_kubernetes_gpu",
    value: "yes — CoreWeave Kubernetes Service (CKS), managed Kubernetes on bare-metal GPU nodes",
    sourceUrl: "https://docs.coreweave.com/products/cks",
    quote:
      "CoreWeave Kubernetes Service (CKS) offers a managed Kubernetes service that lets you run clusters on bare metal servers in CoreWeave Cloud.",
  },
  {
    provider: "coreweave",
    key: "vpc_private_networking",
    value: "yes — each CKS cluster runs in its own VPC",
    sourceUrl: "https://docs.coreweave.com/products/cks",
    quote: "Each CKS cluster operates within its own private Virtual Private Cloud (VPC).",
  },
  {
    provider: "coreweave",
    key: "gpu_operator",
    value: "yes — CoreWeave manages the NVIDIA GPU Operator on CKS (customers must not install their own)",
    sourceUrl:
      "https://docs.coreweave.com/products/cks/nodes/gpu-driver-management/gpu-driver-management-cks",
    quote: "CoreWeave manages the NVIDIA GPU Operator on your behalf.",
  },
  {
    provider: "coreweave",
    key: "terraform_provider",
    value: "yes — CoreWeave Terraform provider for CKS clusters and VPCs",
    sourceUrl: "https://docs.coreweave.com/docs/products/cks/terraform/about",
    quote:
      "The CoreWeave Terraform provider allows you to manage CoreWeave Kubernetes Service (CKS) resources as code.",
  },
  {
    provider: "coreweave",
    key: "encryption_at_rest",
    scope: "dedicated-vast",
    value: "yes — enabled on every Dedicated VAST storage cluster at provisioning, per-cluster keys",
    sourceUrl: "https://docs.coreweave.com/products/storage/dedicated-vast/security",
    quote: "It’s enabled on every Dedicated VAST cluster at provisioning time.",
  },
  {
    provider: "coreweave",
    key: "encryption_in_transit",
    scope: "dedicated-vast",
    value: "no — not enforced by default on Dedicated VAST cluster protocols; the customer's responsibility",
    sourceUrl: "https://docs.coreweave.com/products/storage/dedicated-vast/security",
    quote: "CoreWeave and VAST don’t enforce in-transit encryption by default on cluster protocols.",
  },

  {
    provider: "coreweave",
    key: "slurm_managed",
    value:
      "yes — SUNK (Slurm on Kubernetes); Self-Service SUNK is operated by CoreWeave (limited availability)",
    sourceUrl: "https://docs.coreweave.com/products/sunk/about-self-service-sunk",
    quote:
      "Self-Service SUNK is CoreWeave’s managed product for running SUNK on CoreWeave Kubernetes Service (CKS).",
  },
  {
    provider: "coreweave",
    key: "dedicated_technical_contact",
    value: "yes — customers are referred to their CoreWeave Solutions Architect",
    sourceUrl: "https://docs.coreweave.com/products/sunk/about-self-service-sunk",
    quote: "To request access for your account, contact your CoreWeave Solutions Architect.",
  },

  {
    // Issue 50 (read 2026-12-07 from a stored copy; no date stated).
    provider: "coreweave",
    key: "support_channels",
    value: "the Cloud Console help form, or email (support@coreweave.com); the request states its priority",
    sourceUrl: "https://docs.coreweave.com/support/contact.md",
    quote:
      "If you have any issues with any of your CoreWeave products or services, contact the support team through the Cloud Console or by email.",
  },

  // ───────────────────────────── RunPod ─────────────────────────────
  {
    provider: "runpod",
    key: "encryption_at_rest",
    value: "yes — AES-256 on RunPod volumes and container disks, by default",
    sourceUrl: "https://www.runpod.io/articles/guides/keep-data-secure-cloud-gpus",
    quote:
      "RunPod automatically encrypts all data on its servers with AES-256 encryption, so if you store files on a RunPod volume or container disk, they’re encrypted by default.",
  },
  {
    provider: "runpod",
    key: "encryption_in_transit",
    value: "yes — TLS for data in transit",
    sourceUrl: "https://www.runpod.io/articles/guides/keep-data-secure-cloud-gpus",
    quote: "RunPod uses TLS to secure all data in transit",
  },
  {
    provider: "runpod",
    key: "gdpr_dpa",
    value: "yes — Runpod Data Processing Agreement (GDPR where applicable)",
    sourceUrl: "https://www.runpod.io/legal/data-processing-agreement",
    quote:
      "THIS DATA PROCESSING AGREEMENT (“DPA”) is entered into as of the Agreement Effective Date by and between: (1) Runpod, Inc. (“Runpod”)",
  },

  {
    provider: "runpod",
    key: "prebuilt_dl_images",
    value:
      "yes — Pod templates such as Runpod PyTorch, e.g. runpod/pytorch:2.8.0-py3.11-cuda12.8.1-cudnn-devel-ubuntu22.04",
    sourceUrl: "https://docs.runpod.io/pods/logs",
    quote: "(Optional) Choose a Pod Template such as Runpod Pytorch 2.1 or Runpod Stable Diffusion.",
  },
  {
    provider: "runpod",
    key: "provisioning_api_cli",
    value: "yes — Runpod CLI (runpodctl) and a REST API for Pods",
    sourceUrl: "https://docs.runpod.io/pods/logs",
    quote:
      "If you want to manage Pods using the Runpod CLI, you’ll need to install Runpod CLI, and set your API key in the configuration.",
  },
  {
    provider: "runpod",
    key: "persistent_storage_offered",
    value: "yes — network volumes that keep data for later use and share it between Pods",
    sourceUrl: "https://docs.runpod.io/pods/logs",
    quote:
      "(Optional) Specify a network volume if you need to share data between multiple Pods, or to save data for later use.",
  },

  // ───────────────────────────── Nebius ─────────────────────────────
  {
    provider: "nebius",
    key: "vpc_private_networking",
    value: "yes — customer environments segmented in VPCs",
    sourceUrl: "https://nebius.com/trust-center",
    quote:
      "Customer environments are segmented using virtual private clouds (VPCs) which provide isolated software-defined networks for secure communication and access control.",
  },
  {
    provider: "nebius",
    key: "infiniband_rdma",
    value: "yes — InfiniBand network with traffic segregation between tenants (bandwidth not stated here)",
    sourceUrl: "https://nebius.com/trust-center",
    quote:
      "We enforce traffic segregation across the InfiniBand network layer, ensuring strict separation of data paths.",
  },
  {
    provider: "nebius",
    key: "managed_kubernetes_gpu",
    value: "yes — Managed Service for Kubernetes, each tenant's cluster isolated at VM level",
    sourceUrl: "https://nebius.com/trust-center",
    quote:
      "In our Managed Services for Kubernetes® offering, each tenant’s cluster is isolated at the virtual machine level.",
  },
  {
    provider: "nebius",
    key: "soc2_type2",
    value: "in progress — SOC 2 Type II listed as in progress on the trust center",
    sourceUrl: "https://nebius.com/trust-center",
    quote:
      "These certifications and audit reports are currently in progress, and are expected to be completed this year.",
  },
  {
    provider: "nebius",
    key: "iso27001",
    value: "in progress — ISO/IEC 27001 listed as in progress on the trust center",
    sourceUrl: "https://nebius.com/trust-center",
    quote:
      "These certifications and audit reports are currently in progress, and are expected to be completed this year.",
  },
  {
    provider: "nebius",
    key: "hipaa_baa",
    value:
      "partial — a HIPAA guide allows ePHI (only Object Storage may hold it at rest); the page quoted does not mention a BAA",
    sourceUrl: "https://docs.nebius.com/legal/hipaa",
    quote: "Nebius permits the storage and processing of ePHI in any Nebius region.",
  },
  {
    provider: "nebius",
    key: "gdpr_dpa",
    value: "yes — the DPA is part of the Terms of Use",
    sourceUrl: "https://docs.nebius.com/legal/digital-rights/gdpr-compliance-faqs",
    quote:
      "See our Data Processing Agreement (DPA) here, the DPA forms part of our Terms of Use that you accept when you register with Nebius.",
  },

  {
    provider: "nebius",
    key: "terraform_provider",
    value: "yes — Nebius AI Cloud provider for Terraform",
    sourceUrl: "https://docs.nebius.com/terraform-provider",
    quote:
      "The Nebius AI Cloud provider for Terraform offers a declarative way to manage your Nebius AI Cloud infrastructure as code.",
  },
  {
    provider: "nebius",
    key: "gpu_operator",
    value: "yes — Nebius's Kubernetes training solution includes the GPU Operator and Network Operator",
    sourceUrl: "https://github.com/nebius/nebius-solutions-library",
    quote: "our Kubernetes solution includes GPU-Operator and Network-Operator.",
  },
  {
    provider: "nebius",
    key: "slurm_managed",
    value:
      "partial — Slurm solutions (Terraform/Helm, images with NVIDIA drivers) in Nebius's solution library; not stated there as a managed service",
    sourceUrl: "https://github.com/nebius/nebius-solutions-library",
    quote:
      "Our SLURM solutions offer a streamlined approach for users who prefer traditional HPC environments. These solutions include ready-to-use images pre-configured with NVIDIA drivers",
  },

  // Issue 50: Nebius's support page (read 2026-12-07 from a stored copy; no date stated).
  {
    provider: "nebius",
    key: "support_response_minutes",
    value:
      "30 minutes to first response for a Critical ticket; 60 minutes High, 4 hours Medium, 1 business day Low",
    numericValue: "30",
    unit: "minutes",
    sourceUrl: "https://docs.nebius.com/overview/support",
    quote:
      "Critical | 30 minutes | Critical outage that completely blocks service usage and impacts business-critical operations.",
  },
  {
    provider: "nebius",
    key: "support_channels",
    value: "tickets in the web console's support center (technical, billing, digital-rights topics)",
    sourceUrl: "https://docs.nebius.com/overview/support",
    quote:
      "To report a bug, raise quotas or ask for advice on Nebius AI Cloud services, create a ticket in the support center.",
  },
  {
    provider: "nebius",
    key: "support_plan_price",
    value: "free — technical support is included at no charge",
    sourceUrl: "https://docs.nebius.com/overview/support",
    quote: "Nebius AI Cloud provides free technical support.",
  },

  // ───────────────────────────── Crusoe ─────────────────────────────
  {
    provider: "crusoe",
    key: "managed_kubernetes_gpu",
    value: "yes — Crusoe Managed Kubernetes (CMK), built for GPU workloads; Crusoe runs the control plane",
    sourceUrl: "https://docs.crusoecloud.com/orchestration/cmk/shared-responsiblity",
    quote:
      "Crusoe Managed Kubernetes (CMK) is a managed Kubernetes service purpose-built for GPU-accelerated and AI/ML workloads.",
  },
  {
    provider: "crusoe",
    key: "infiniband_rdma",
    value: "yes — InfiniBand RDMA fabric managed by Crusoe (bandwidth not stated on this page)",
    sourceUrl: "https://docs.crusoecloud.com/orchestration/cmk/shared-responsiblity",
    quote:
      "Crusoe manages: Physical hardware (GPUs, CPUs), data centers, power, cooling, hypervisor / bare-metal provisioning, and InfiniBand RDMA networking fabric.",
  },
  {
    provider: "crusoe",
    key: "gpu_operator",
    value: "yes — NVIDIA GPU Operator as an opt-in CMK add-on",
    sourceUrl: "https://docs.crusoecloud.com/orchestration/cmk/cmk-addons",
    quote:
      "Discovers and exposes Nvidia GPUs as allocatable resources associated with nodes. Currently supported as an opt-in add-on when provisioning a cluster",
  },
  {
    provider: "crusoe",
    key: "autoscaling",
    value: "yes — a CMK-compatible cluster autoscaler add-on",
    sourceUrl: "https://docs.crusoecloud.com/orchestration/cmk/cmk-addons",
    quote: "Deploys a CMK-compatible cluster autoscaler into your cluster",
  },
  {
    provider: "crusoe",
    key: "persistent_storage_offered",
    value: "yes — Persistent Disks and Shared Disks (as Kubernetes PersistentVolumes through the Crusoe CSI)",
    sourceUrl: "https://docs.crusoecloud.com/orchestration/cmk/cmk-addons",
    quote:
      "The Crusoe CSI allows workloads within the cluster to create and manage supported Crusoe disk types as PersistentVolumes. This currently includes our Persistent Disks and Shared Disks products.",
  },
  {
    provider: "crusoe",
    key: "security_groups",
    value: "yes — VPC firewall rules (CMK creates and manages the ones a cluster needs)",
    sourceUrl: "https://docs.crusoecloud.com/orchestration/cmk/cluster-details/index.html",
    quote:
      "When creating a cluster in a subnet, we create and manage the following firewall rules to manage and maintain connectivity to the cluster.",
  },
  {
    provider: "crusoe",
    key: "vpc_private_networking",
    value: "yes — VPCs and subnets (default and non-default VPCs)",
    sourceUrl: "https://docs.crusoecloud.com/orchestration/cmk/cluster-details/index.html",
    quote:
      "Note that for non-default VPCs, you will need to enable intra-VPC communication between nodes in your subnet for your cluster to successfully bootstrap.",
  },
  {
    provider: "crusoe",
    key: "provisioning_api_cli",
    value: "yes — Crusoe Cloud CLI (open source on GitHub) over the Crusoe Cloud API",
    asOf: "2025-07-15",
    sourceUrl: "https://github.com/crusoecloud/cli/releases/tag/v0.31.12",
    quote: "Crusoe Cloud CLI release v0.31.12 (2025-07-15T18:38:19Z)",
  },

  // ───────────────────────────── Together AI ─────────────────────────────
  {
    provider: "together",
    key: "managed_kubernetes_gpu",
    value: "yes — GPU clusters of type KUBERNETES through the clusters API (beta)",
    sourceUrl: "https://docs.together.ai/reference/clusters-get",
    quote: "cluster_type enum<string> required Available options: KUBERNETES, SLURM",
  },
  {
    provider: "together",
    key: "slurm_managed",
    value: "yes — GPU clusters of type SLURM through the clusters API (beta)",
    sourceUrl: "https://docs.together.ai/reference/clusters-get",
    quote: "cluster_type enum<string> required Available options: KUBERNETES, SLURM",
  },
  {
    provider: "together",
    key: "provisioning_api_cli",
    value: "yes — REST API and Python SDK create GPU clusters (POST /compute/clusters)",
    sourceUrl: "https://docs.together.ai/reference/clusters-create",
    quote: "response = client.beta.clusters.create(",
  },
  {
    provider: "together",
    key: "prebuilt_dl_images",
    value:
      "partial — a cluster is created with a chosen CUDA/driver pairing (CUDA_12_5_555 … CUDA_12_8_570); framework images are not stated on this page",
    sourceUrl: "https://docs.together.ai/reference/clusters-get",
    quote:
      "driver_version enum<string> required Available options: CUDA_12_5_555, CUDA_12_6_560, CUDA_12_6_565, CUDA_12_8_570",
  },

  // ───────────────────────────── Vast.ai ─────────────────────────────
  {
    provider: "vast",
    key: "iso27001",
    value: "partial — only 'Secure Cloud' host datacenters are ISO 27001 certified, not every host",
    sourceUrl: "https://docs.vast.ai/guides/reference/faq/security.md",
    quote: "Secure Cloud providers are vetted datacenters with: ISO 27001 certification",
  },
  {
    provider: "vast",
    key: "encryption_in_transit",
    value: "yes — HTTPS/TLS for the web interface, SSH encrypted",
    sourceUrl: "https://docs.vast.ai/guides/reference/faq/security.md",
    quote: "Yes, all connections use encryption: Web interface: HTTPS with TLS; SSH: Encrypted by default",
  },
  {
    provider: "vast",
    key: "gdpr_dpa",
    value: "yes — Vast.ai Data Processing Agreement under the GDPR",
    sourceUrl: "https://vast.ai/data-processing-agreement",
    quote:
      'This DATA PROCESSING AGREEMENT ("Agreement") forms part of the Terms of Service ("Principal Agreement") between: (i) Customer (“Controller”); and (ii) Vast.ai Inc. (“Processor” or “Service Provider”).',
  },
  {
    provider: "vast",
    key: "prebuilt_dl_images",
    value:
      "yes — pre-configured templates (PyTorch with Jupyter, TensorFlow, LLM inference, …) on Vast.ai base images",
    sourceUrl: "https://docs.vast.ai/guides/instances/choosing/templates",
    quote: "PyTorch - Ready for deep learning with Jupyter",
  },
  {
    provider: "vast",
    key: "provisioning_api_cli",
    value: "yes — open-source Python CLI over the same REST API as the web console",
    sourceUrl: "https://vast.ai/docs/cli/quickstart",
    quote:
      "This CLI has all of the functionality of the vast.ai website GUI and uses the same underlying REST API.",
  },
];
