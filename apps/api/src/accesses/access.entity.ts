import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Container } from '../containers/container.entity';
import type { Content } from '../contents/content.entity';
import type { Role } from '../roles/role.entity';

/** Grants a role access to a container's or a content's page; a page with any access is guarded. */
@Entity('access')
export class Access {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int', nullable: true })
  containerId: number | null;

  @ManyToOne('Container', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'containerId' })
  container?: Container | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  contentId: number | null;

  @ManyToOne('Content', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contentId' })
  content?: Content | null;

  @Index()
  @Column({ type: 'varchar', length: 64 })
  roleId: string;

  @ManyToOne('Role', { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'roleId' })
  role?: Role;
}
